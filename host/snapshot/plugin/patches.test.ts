import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { runComposition } from './patches.ts'

type PatchPlan = Parameters<typeof runComposition>[0]

const root = mkdtempSync(join(tmpdir(), 'dsh-patches-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const scenario = {
  name: 'x',
  manifest: { composition: ['echo', 'two-steps'], redact: [] },
  patchFile: join(root, 'scenarios', 'x', 'cordis.patch.yml'),
} as unknown as LoadedScenario

const plan = (mode: PatchPlan['mode']): PatchPlan => ({
  repoRoot: root,
  scenario,
  mode,
  composition: { configFile: join(root, 'profile.yml'), patches: [join(root, 'mine.yml')] },
  sessionsRoot: '/sessions',
  replayLogs: [],
})

describe('runComposition', () => {
  it("orders the user's patches, the mode overlay, the manifest's overlays, cordis.patch.yml, then the host's", () => {
    mkdirSync(join(root, 'overlays'))
    writeFileSync(join(root, 'overlays', 'two-steps.cordis.yml'), '[]\n')
    const { configFile, patches } = runComposition(plan('replay'))
    expect(configFile).toBe(join(root, 'profile.yml'))
    expect(patches.slice(0, -1)).toEqual([
      join(root, 'mine.yml'),
      packageFile('cordis.snapshot.yml'),
      packageFile('overlays', 'echo.cordis.yml'),
      join(root, 'overlays', 'two-steps.cordis.yml'), // the project's own overlay wins over the bundle's
      scenario.patchFile,
    ])
    expect(patches.at(-1)).toMatchObject({ source: 'test host patch for scenario x' })
  })

  it('keeps replay on in replay mode when a manifest overlay turns it off (echo does, for editors)', async () => {
    const echoOnly = { ...scenario, manifest: { composition: ['echo'], redact: [] }, patchFile: undefined }
    const run = runComposition({
      ...plan('replay'),
      scenario: echoOnly as unknown as LoadedScenario,
      composition: { configFile: packageFile('cordis.yml'), patches: [] },
    })
    const { entries } = await loadComposition({ ...run, env: {} })
    const replay = entries.find((entry) => entry.id === 'llm-replay')
    expect(replay).toMatchObject({ name: './plugins/llm-replay' })
    expect(replay?.disabled).toBeFalsy()
    expect(entries.find((entry) => entry.id === 'llm-echo')?.disabled).toBeFalsy()
  })

  it('records with the record overlay instead of the replay overlay', () => {
    expect(runComposition(plan('record')).patches[1]).toBe(packageFile('cordis.record.yml'))
  })

  it("defaults to the root's cordis.yml, else dsh's own", () => {
    const { composition: _, ...rest } = plan('replay')
    expect(runComposition(rest).configFile).toBe(packageFile('cordis.yml'))
    writeFileSync(join(root, 'cordis.yml'), '[]\n')
    expect(runComposition(rest).configFile).toBe(join(root, 'cordis.yml'))
  })
})
