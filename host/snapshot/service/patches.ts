// The composition a scenario runs in (docs/design.md §9): the user's composition and --patch files,
// the replay overlay (the record overlay when recording), the manifest's overlays and the
// scenario's own cordis.patch.yml. What differs from run to run (where its logs go, what replay
// serves) is not a patch: it is the scenario scope (plugins/scope), entered in process and handed
// to a subprocess as `dsh serve --scope FILE`. Pure apart from looking up which overlay files exist.
import { bundledOverlayFile, defaultConfigFile, projectOverlayFile } from '../../../lib/bundled-compositions.ts'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { toRedactions } from '../../../lib/secrets/redact.ts'
import type { ReplayScope, ScenarioScope } from '../../../plugins/scope/index.ts'
import type { RunMode } from '../model/modes.ts'
import type { LoadedScenario } from '../scenario/discover.ts'

/** The composition file and overlays a scenario run starts from, as absolute paths (run/composition.ts). */
export interface TestComposition {
  configFile: string
  patches: readonly string[]
}

interface RunPlan {
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
}

/** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
export function userComposition(repoRoot: string, composition?: TestComposition): TestComposition {
  return composition ?? { configFile: defaultConfigFile(repoRoot), patches: [] }
}

/** The composition file and every overlay of one subprocess run, in the order they apply. */
export function runComposition(plan: RunPlan): { configFile: string; patches: string[] } {
  const composition = userComposition(plan.repoRoot, plan.composition)
  const patches = [
    ...composition.patches,
    ...modeOverlays(plan.mode),
    ...scenarioOverlays(plan.repoRoot, plan.scenario, plan.mode),
  ]
  return { configFile: composition.configFile, patches }
}

/** The bundled overlay of a mode: replay (cordis.snapshot.yml) or record (cordis.record.yml). */
export function modeOverlays(mode: RunMode): string[] {
  const overlay = bundledOverlayFile(mode === 'record' ? 'record' : 'snapshot')
  return overlay ? [overlay] : []
}

/**
 * The scenario's overlays (scenarioOverlayFiles) as a run applies them: in replay replay is turned
 * back on after them (overlays/replay-on.cordis.yml), since a scenario always replays its recording
 * (the echo overlay turns llm-replay off for editors, say). Scenarios with the same list share a
 * host composition.
 */
export function scenarioOverlays(repoRoot: string, scenario: LoadedScenario, mode: RunMode): string[] {
  const files = scenarioOverlayFiles(repoRoot, scenario)
  const replayOn = bundledOverlayFile('replay-on')
  return files.length && mode !== 'record' && replayOn ? [...files, replayOn] : files
}

/** The manifest's `composition` overlays, then the scenario's own cordis.patch.yml (applied last). */
export function scenarioOverlayFiles(repoRoot: string, scenario: LoadedScenario): string[] {
  const files = scenario.manifest.composition.map((overlay) => {
    const file = projectOverlayFile(repoRoot, overlay)
    // The manifest check (compositionIssues) already refused unknown names; this is a guard.
    if (!file) throw new Error(`scenario ${scenario.name}: overlay "${overlay}" is neither in overlays/ nor bundled`)
    return file
  })
  return scenario.patchFile ? [...files, scenario.patchFile] : files
}

/** The scope one run of a scenario plays in: its own sessions root, and (not recording) what replay serves. */
export function scenarioScope(plan: RunPlan): ScenarioScope {
  const scope: ScenarioScope = { name: plan.scenario.name, sessionsRoot: plan.sessionsRoot }
  return plan.mode === 'record' ? scope : { ...scope, replay: replayScope(plan) }
}

/** What replay serves in one run: the scenario's logs (their text when the host read them) and override. */
function replayScope(plan: Pick<RunPlan, 'scenario' | 'replayLogs' | 'replayTexts' | 'overrideFile'>): ReplayScope {
  const sessions = plan.replayLogs.map((file, index) => {
    const text = plan.replayTexts?.[index]
    return text === undefined ? { file } : { file, text }
  })
  const override = plan.overrideFile ? { override: plan.overrideFile } : {}
  // The recorded log was redacted with the manifest's entries: replay redacts the live history alike.
  const redact = toRedactions(plan.scenario.manifest.redact)
  const redaction = redact.length ? { redact, identity: localIdentity() } : {}
  // So was it normalized with the scenario's and the project's `normalize:` rules.
  const { normalize } = plan.scenario.manifest
  const normalization = normalize.length ? { normalize } : {}
  return { scenario: plan.scenario.name, sessions, ...override, ...redaction, ...normalization }
}
