// The composition a scenario runs in: cordis.yml, the replay overlay (unless recording), the
// scenario's overlays, and one in-memory patch with this run's paths. Pure.
// In-process, the first two are the host composition's own (host-composition.ts), the overlays
// pick its stage and the patch reconfigures the live entries; a subprocess gets them all as --patch.
import { join } from 'node:path'
import type { InMemoryPatches, PatchSource } from '../../../plugins/config/index.ts'
import type { RunMode } from '../core/fixtures.ts'
import type { LoadedScenario } from '../scenario/discover.ts'

/** Ids of the entries a scenario reconfigures; the bundle's cordis.yml and cordis.snapshot.yml use them. */
export const ENTRY_IDS = {
  session: 'session',
  replay: 'llm-replay',
  deepseek: 'llm-deepseek',
  agent: 'agent',
  acp: 'acp',
} as const

export interface PatchPlan {
  repoRoot: string
  scenario: LoadedScenario
  mode: RunMode
  sessionsRoot: string
  /** Replay sources (empty when recording, or for a scenario that restores a recorded session). */
  replayLogs: string[]
  overrideFile?: string
  /** Record mode: the DeepSeek-wire endpoint to record against (e.g. the stub). */
  modelBaseUrl?: string
}

/** Every patch of a subprocess run, in order, passed as --patch (the in-memory one as a file). */
export function runPatches(plan: PatchPlan): PatchSource[] {
  const patches: PatchSource[] = []
  if (plan.mode !== 'record') patches.push(join(plan.repoRoot, 'cordis.snapshot.yml'))
  patches.push(...scenarioOverlayFiles(plan.repoRoot, plan.scenario))
  patches.push(hostPatch(plan))
  return patches
}

/** The manifest's `composition` overlays: scenarios with the same list share a host composition. */
export function scenarioOverlayFiles(repoRoot: string, scenario: LoadedScenario): string[] {
  return scenario.manifest.composition.map((overlay) => join(repoRoot, 'overlays', `${overlay}.cordis.yml`))
}

/** What differs from run to run: the session root and the model's source (replay fixtures, or the endpoint). */
export function hostPatch(plan: PatchPlan): InMemoryPatches {
  const { scenario, mode } = plan
  const own: object[] = [{ id: ENTRY_IDS.session, config: { root: plan.sessionsRoot } }]
  if (mode === 'record' && plan.modelBaseUrl)
    own.push({ id: ENTRY_IDS.deepseek, config: { baseUrl: plan.modelBaseUrl } })
  if (mode !== 'record') {
    const sessions = plan.replayLogs.map((file) => ({ file }))
    own.push({
      id: ENTRY_IDS.replay,
      config: { scenario: scenario.name, sessions, ...(plan.overrideFile ? { override: plan.overrideFile } : {}) },
    })
  }
  return { source: `test host patch for scenario ${scenario.name}`, baseDir: plan.repoRoot, patches: own as never }
}
