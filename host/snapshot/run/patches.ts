// The composition a scenario run boots (DESIGN §9): the user's composition and --patch files,
// the replay overlay (the record overlay when recording), the manifest's overlays, the
// scenario's own cordis.patch.yml, and one in-memory patch with this run's paths. Pure apart from
// looking up which overlay files exist.
import { fileURLToPath } from 'node:url'
import type { PatchSource } from '../../../plugins/config/index.ts'
import { bundledOverlayFile, defaultConfigFile, projectOverlayFile } from '../../../lib/bundled-compositions.ts'
import type { RunMode } from '../core/fixtures.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import type { TestComposition } from './composition.ts'

/** The host plugin ships with dsh (source or compiled), wherever the scenarios live. */
const SNAPSHOT_HOST_MODULE = fileURLToPath(
  new URL(`../plugin/snapshot-host${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
)

export interface PatchPlan {
  repoRoot: string
  scenario: LoadedScenario
  mode: RunMode
  /** The user's composition; default `<repoRoot>/cordis.yml` (else the bundle's) without patches. */
  composition?: TestComposition
  sessionsRoot: string
  /** Replay sources (empty when recording, or for a scenario that restores a recorded session). */
  replayLogs: string[]
  overrideFile?: string
  /** Record mode: the DeepSeek-wire endpoint to record against (e.g. the stub). */
  modelBaseUrl?: string
  /** in-process serves ACP over memory through the host plugin; subprocess uses stdio. */
  transport: 'memory' | 'stdio'
}

/** The composition file and every overlay of one run, in the order they apply. */
export function runComposition(plan: PatchPlan): { configFile: string; patches: PatchSource[] } {
  const composition = plan.composition ?? { configFile: defaultConfigFile(plan.repoRoot), patches: [] }
  return { configFile: composition.configFile, patches: [...composition.patches, ...runPatches(plan)] }
}

/** The overlays the host adds after the user's: mode, manifest's, cordis.patch.yml, the per-run patch. */
export function runPatches(plan: PatchPlan): PatchSource[] {
  const { repoRoot, scenario, mode } = plan
  const patches: PatchSource[] = []
  const hostOverlay = bundledOverlayFile(mode === 'record' ? 'record' : 'snapshot')
  if (hostOverlay) patches.push(hostOverlay)
  for (const overlay of scenario.manifest.composition) {
    const file = projectOverlayFile(repoRoot, overlay)
    // The manifest check (compositionIssues) already refused unknown names; this is a guard.
    if (!file) throw new Error(`scenario ${scenario.name}: overlay "${overlay}" is neither in overlays/ nor bundled`)
    patches.push(file)
  }
  if (scenario.patchFile) patches.push(scenario.patchFile)
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
