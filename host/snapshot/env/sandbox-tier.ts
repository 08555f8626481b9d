// A scenario that needs a sandbox tier (its manifest's `sandbox`) on a host that lacks it: the
// host names the tier, why it is missing and the fix, and stops the scenario before it plays.
import { detectSandbox } from '../../../lib/sandbox/detect.ts'
import { type TierKind, unavailableText } from '../../../lib/sandbox/tier.ts'

/** The failure that stops the scenario, or undefined when this host has the tier (or none is needed). */
export async function missingSandboxTier(scenario: string, needed: TierKind | undefined): Promise<string | undefined> {
  if (!needed) return undefined
  const tier = await detectSandbox()
  if (tier.available && tier.kind === needed) return undefined
  const has = tier.available ? `the ${tier.kind} sandbox instead` : `no sandbox: ${unavailableText(tier).why}`
  const fix = tier.available ? `run it on a machine with ${needed}` : unavailableText(tier).fix
  return (
    `scenario ${scenario}: it needs the ${needed} sandbox (snapshot.yml: sandbox: ${needed}), and this host has ` +
    `${has}; it was stopped before it ran. To run it: ${fix}`
  )
}
