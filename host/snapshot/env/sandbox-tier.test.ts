// A scenario that declares the sandbox tier it needs: a host without it stops the scenario by name.
import { expect, it } from 'vitest'
import { detectSandbox } from '../../../lib/sandbox/detect.ts'
import { missingSandboxTier } from './sandbox-tier.ts'

it('names the tier, why this host lacks it and the fix; says nothing where the tier is here', async () => {
  expect(await missingSandboxTier('x', undefined)).toBeUndefined()
  const tier = await detectSandbox()
  const bubblewrap = await missingSandboxTier('x', 'bubblewrap')
  if (tier.available && tier.kind === 'bubblewrap') expect(bubblewrap).toBeUndefined()
  else expect(bubblewrap).toMatch(/^scenario x: it needs the bubblewrap sandbox \(snapshot.yml: sandbox: bubblewrap\)/)
  const seatbelt = await missingSandboxTier('x', 'seatbelt')
  if (tier.available && tier.kind === 'seatbelt') expect(seatbelt).toBeUndefined()
  else expect(seatbelt).toMatch(/this host has (the bubblewrap sandbox instead|no sandbox: .*); it was stopped before/)
})
