// The composition a scenario runs in (docs/design.md §9): the user's composition and --patch files, the
// replay overlay (the record overlay when recording), the manifest's overlays, the scenario's own
// cordis.patch.yml, and one in-memory patch with this run's paths. Pure apart from looking up
// which overlay files exist. In-process, the first two are the host composition's own
// (host-composition.ts), the scenario's overlays pick its stage and the patch reconfigures the
// live entries; a subprocess gets them all as --patch.
import type { z } from 'zod'
import type { InMemoryPatches, Patch, PatchSource } from '../../../plugins/config/index.ts'
import type { Config as DeepseekConfig } from '../../../plugins/llm-deepseek/config.ts'
import type { ReplayConfigInput } from '../../../plugins/llm-replay/index.ts'
import type { SessionStoreConfig } from '../../../plugins/session/store-config.ts'
import { bundledOverlayFile, defaultConfigFile, projectOverlayFile } from '../../../lib/bundled-compositions.ts'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { toRedactions } from '../../../lib/secrets/redact.ts'
import type { RunMode } from '../core/fixtures.ts'
import type { LoadedScenario } from '../scenario/discover.ts'

/** The composition file and overlays a scenario run starts from, as absolute paths (run/composition.ts). */
export interface TestComposition {
  configFile: string
  patches: readonly string[]
}

/** Ids of the entries a scenario reconfigures; the bundle's cordis.yml and host overlays use them. */
export const ENTRY_IDS = {
  session: 'session',
  replay: 'llm-replay',
  deepseek: 'llm-deepseek',
  agent: 'agent',
  subagents: 'subagents',
  acp: 'acp',
} as const

interface PatchPlan {
  repoRoot: string
  scenario: LoadedScenario
  mode: RunMode
  /** The user's composition; default `<repoRoot>/cordis.yml` (else the bundle's) without patches. */
  composition?: TestComposition
  sessionsRoot: string
  /** Replay sources (empty when recording, or for a scenario that restores a recorded session). */
  replayLogs: string[]
  /** The replay logs' text when the host already read them (in process): replay then reads no file. */
  replayTexts?: ReadonlyArray<string | undefined>
  overrideFile?: string
  /** Record mode: the DeepSeek-wire endpoint to record against (e.g. the stub). */
  modelBaseUrl?: string
}

/** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
export function userComposition(repoRoot: string, composition?: TestComposition): TestComposition {
  return composition ?? { configFile: defaultConfigFile(repoRoot), patches: [] }
}

/** The composition file and every overlay of one subprocess run, in the order they apply. */
export function runComposition(plan: PatchPlan): { configFile: string; patches: PatchSource[] } {
  const composition = userComposition(plan.repoRoot, plan.composition)
  return { configFile: composition.configFile, patches: [...composition.patches, ...runPatches(plan)] }
}

/** The overlays the host adds after the user's: mode, manifest's, cordis.patch.yml, the per-run patch. */
function runPatches(plan: PatchPlan): PatchSource[] {
  const patches: PatchSource[] = [...modeOverlays(plan.mode)]
  patches.push(...scenarioOverlayFiles(plan.repoRoot, plan.scenario))
  patches.push(hostPatch(plan))
  return patches
}

/** The bundled overlay of a mode: replay (cordis.snapshot.yml) or record (cordis.record.yml). */
export function modeOverlays(mode: RunMode): string[] {
  const overlay = bundledOverlayFile(mode === 'record' ? 'record' : 'snapshot')
  return overlay ? [overlay] : []
}

/**
 * The manifest's `composition` overlays, then the scenario's own cordis.patch.yml (applied last):
 * scenarios with the same list share a host composition.
 */
export function scenarioOverlayFiles(repoRoot: string, scenario: LoadedScenario): string[] {
  const files = scenario.manifest.composition.map((overlay) => {
    const file = projectOverlayFile(repoRoot, overlay)
    // The manifest check (compositionIssues) already refused unknown names; this is a guard.
    if (!file) throw new Error(`scenario ${scenario.name}: overlay "${overlay}" is neither in overlays/ nor bundled`)
    return file
  })
  return scenario.patchFile ? [...files, scenario.patchFile] : files
}

/** What differs from run to run: the session root and the model's source (replay fixtures, or the endpoint). */
export function hostPatch(plan: PatchPlan): InMemoryPatches {
  const { scenario, mode } = plan
  // A run's logs are read right after it and then deleted: syncing them to disk buys nothing.
  const own: Patch[] = [
    { id: ENTRY_IDS.session, config: { root: plan.sessionsRoot, syncOnClose: false } satisfies SessionStoreConfig },
  ]
  if (mode === 'record' && plan.modelBaseUrl) {
    const config = { baseUrl: plan.modelBaseUrl } satisfies z.input<typeof DeepseekConfig>
    own.push({ id: ENTRY_IDS.deepseek, config })
  }
  // Replay answers whatever the scenario's overlays say (the echo overlay turns it off for editors), as in
  // process, where the host wakes it after them.
  if (mode !== 'record')
    own.push({ id: ENTRY_IDS.replay, disabled: false }, { id: ENTRY_IDS.replay, config: replayConfig(plan) })
  return { source: `test host patch for scenario ${scenario.name}`, baseDir: plan.repoRoot, patches: own }
}

/** What replay serves in one run: the scenario's logs (their text when the host read them) and override. */
export function replayConfig(
  plan: Pick<PatchPlan, 'scenario' | 'replayLogs' | 'replayTexts' | 'overrideFile'>,
): NonNullable<ReplayConfigInput> {
  const sessions = plan.replayLogs.map((file, index) => {
    const text = plan.replayTexts?.[index]
    return text === undefined ? { file } : { file, text }
  })
  const override = plan.overrideFile ? { override: plan.overrideFile } : {}
  // The recorded log was redacted with the manifest's entries: replay redacts the live history alike.
  const redact = toRedactions(plan.scenario.manifest.redact)
  const redaction = redact.length ? { redact, identity: localIdentity() } : {}
  return { scenario: plan.scenario.name, sessions, ...override, ...redaction }
}

/**
 * In process (replay, refresh), the scenario entries wake once with these values and then stay up
 * between scenarios, idle: each scenario's own session root and fixtures go to their services
 * (stage.ts), which start over without a restart. Replay wakes with nothing to serve.
 */
export function idlePatch(sessionsRoot: string): InMemoryPatches {
  const session = { root: sessionsRoot, syncOnClose: false } satisfies SessionStoreConfig
  const replay = { scenario: 'snapshot host (no scenario running)', sessions: [] } satisfies ReplayConfigInput
  const patches: Patch[] = [
    { id: ENTRY_IDS.session, config: session },
    { id: ENTRY_IDS.replay, config: replay },
  ]
  return { source: 'test host: scenario entries awake, idle', patches }
}

/**
 * The entries that hold a scenario's state. They rest (disabled) while no scenario runs, as
 * overlays/snapshot-host.cordis.yml starts them, and start afresh for each scenario.
 */
const SCENARIO_ENTRIES = [
  ENTRY_IDS.session,
  ENTRY_IDS.replay,
  ENTRY_IDS.agent,
  ENTRY_IDS.subagents,
  ENTRY_IDS.acp,
] as const

/**
 * Wake the scenario entries (before a scenario's own patch), or put them to rest. Recording wakes
 * no replay: the record overlay disabled it, and the live adapter answers instead.
 */
export function scenarioEntries(awake: boolean, mode: RunMode = 'replay'): InMemoryPatches {
  const ids = awake && mode === 'record' ? SCENARIO_ENTRIES.filter((id) => id !== ENTRY_IDS.replay) : SCENARIO_ENTRIES
  const patches = ids.map((id) => ({ id, disabled: !awake, ifPresent: true }) satisfies Patch)
  return { source: `test host: scenario entries ${awake ? 'awake' : 'at rest'}`, patches }
}
