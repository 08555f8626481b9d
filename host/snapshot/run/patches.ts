// The composition a scenario run boots: cordis.yml, the replay overlay (unless recording),
// the scenario's overlays, and one in-memory patch with this run's paths. Pure.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PatchSource } from '../../../plugins/config/index.ts'
import type { RunMode } from '../core/fixtures.ts'
import type { LoadedScenario } from '../scenario/discover.ts'

/** The host plugin ships with dsh (source or compiled), wherever the scenarios live. */
const SNAPSHOT_HOST_MODULE = fileURLToPath(
  new URL(`../plugin/snapshot-host${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
)

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
  /** in-process serves ACP over memory through the host plugin; subprocess uses stdio. */
  transport: 'memory' | 'stdio'
}

export function runPatches(plan: PatchPlan): PatchSource[] {
  const { repoRoot, scenario, mode } = plan
  const patches: PatchSource[] = []
  if (mode !== 'record') patches.push(join(repoRoot, 'cordis.snapshot.yml'))
  for (const overlay of scenario.manifest.composition) patches.push(join(repoRoot, 'overlays', `${overlay}.cordis.yml`))
  const own: object[] = [{ id: 'session', config: { root: plan.sessionsRoot } }]
  if (mode === 'record' && plan.modelBaseUrl) own.push({ id: 'llm-deepseek', config: { baseUrl: plan.modelBaseUrl } })
  if (mode !== 'record') {
    const sessions = plan.replayLogs.map((file) => ({ file }))
    own.push({
      id: 'llm-replay',
      config: { scenario: scenario.name, sessions, ...(plan.overrideFile ? { override: plan.overrideFile } : {}) },
    })
  }
  if (plan.transport === 'memory') {
    own.push({ id: 'acp', config: { transport: 'none' } })
    own.push({ insert: [{ id: 'snapshot-host', name: SNAPSHOT_HOST_MODULE }] })
  }
  patches.push({ source: `test host patch for scenario ${scenario.name}`, baseDir: repoRoot, patches: own as never })
  return patches
}
