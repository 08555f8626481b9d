import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { runComposition, scenarioScope } from './patches.ts'

type PatchPlan = Parameters<typeof runComposition>[0]

const root = mkdtempSync(join(tmpdir(), 'dsh-patches-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const scenario = {
  name: 'x',
  manifest: { composition: ['echo', 'two-steps'], redact: [], normalize: [] },
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
  it("orders the user's patches, the mode overlay, the manifest's overlays, cordis.patch.yml, the mode's again", () => {
    mkdirSync(join(root, 'overlays'))
    writeFileSync(join(root, 'overlays', 'two-steps.cordis.yml'), '[]\n')
    const { configFile, patches } = runComposition(plan('replay'))
    expect(configFile).toBe(join(root, 'profile.yml'))
    expect(patches).toEqual([
      join(root, 'mine.yml'),
      packageFile('cordis.snapshot.yml'),
      packageFile('overlays', 'echo.cordis.yml'),
      join(root, 'overlays', 'two-steps.cordis.yml'), // the project's own overlay wins over the bundle's
      scenario.patchFile,
      // A scenario always replays its recording, whatever its overlays turned off.
      packageFile('overlays', 'replay-on.cordis.yml'),
    ])
    expect(runComposition(plan('record')).patches.at(-1)).toBe(scenario.patchFile)
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

  it("a run's scope holds its sessions root and, unless recording, the recording replay serves", () => {
    const replaying = { ...plan('replay'), replayLogs: ['/fixtures/session.jsonl'], replayTexts: ['{}'] }
    expect(scenarioScope(replaying)).toEqual({
      name: 'x',
      sessionsRoot: '/sessions',
      replay: { scenario: 'x', sessions: [{ file: '/fixtures/session.jsonl', text: '{}' }] },
    })
    expect(scenarioScope(plan('record'))).toEqual({ name: 'x', sessionsRoot: '/sessions' })
    // The recording was normalized with the manifest's rules: replay normalizes the live history alike.
    const normalize = [{ path: '$.now', token: '{{time}}' }]
    const ruled = {
      ...replaying,
      scenario: { ...replaying.scenario, manifest: { ...replaying.scenario.manifest, normalize } },
    }
    expect(scenarioScope(ruled).replay?.normalize).toEqual(normalize)
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
