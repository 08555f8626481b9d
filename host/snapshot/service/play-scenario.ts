// One scenario, start to finish, on whatever plays it: check it, prepare the cwd, play it (on a
// stage of the snapshot service, or as a `dsh` subprocess: run/subprocess.ts), then judge both
// surfaces (./judge.ts).
import type { RawCapture } from '../fixtures/capture.ts'
import type { RunMode } from '../model/modes.ts'
import { prepareRun, type PreparedRun } from '../fixtures/prepare.ts'
import { missingSandboxTier } from '../fixtures/sandbox-tier.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { judgeRun } from './judge.ts'
import { classifyDrift, needsSecondRun, withClassification } from '../core/drift-class.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { type Failure, failure, problemFailure } from '../model/failure.ts'
import type { TestComposition } from './patches.ts'

export interface RunScenarioOptions {
  /** The project folder holding scenarios/. */
  repoRoot: string
  /** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
  composition?: TestComposition
  corpus: readonly LoadedScenario[]
  mode?: RunMode
  subprocess?: boolean
  /** record / refresh: write `<file>.new` beside each fixture that would change instead (docs/review.md). */
  pending?: boolean
  /** record: refuse to write a recording that has warnings (failed tool calls, scaffold placeholders). */
  strict?: boolean
  /** Per wait; the error names what was awaited. */
  timeoutMs?: number
  /** Extra environment for record mode (the model key and base URL). */
  env?: NodeJS.ProcessEnv
  /** Record against the stub model server at this URL (each adapter on its wire), not the configured provider. */
  modelStub?: string
}

/** What a prepared run is played on: the service's composition, or a `dsh` subprocess. */
type PlayRun = (
  run: PreparedRun & { modelStub?: string; composition?: TestComposition },
  timeoutMs: number,
) => Promise<RawCapture>

type OutcomeDetails = Partial<Pick<ScenarioOutcome, 'written' | 'surfaces' | 'execution' | 'warnings'>>

/** Prepare, play and judge one run of a scenario. */
async function playOnce(scenario: LoadedScenario, options: RunScenarioOptions, mode: RunMode, play: PlayRun) {
  const prepared = {
    ...(await prepareRun(options.repoRoot, scenario, mode, options.corpus)),
    modelStub: options.modelStub,
    composition: options.composition,
  }
  try {
    const capture = await play(prepared, options.timeoutMs ?? 10_000)
    return await judgeRun(prepared, capture, { ...options, mode })
  } finally {
    await prepared.cleanup()
  }
}

/** Check, prepare, play and judge one scenario; any error fails this scenario, not the caller. */
export async function playScenario(
  scenario: LoadedScenario,
  options: RunScenarioOptions,
  play: PlayRun,
): Promise<ScenarioOutcome> {
  const started = performance.now()
  const mode = options.mode ?? 'replay'
  const name = scenario.name
  const done = (failures: Failure[], more: OutcomeDetails = {}): ScenarioOutcome => ({
    scenario: scenario.name,
    ok: failures.length === 0,
    failures,
    written: more.written ?? [],
    durationMs: performance.now() - started,
    mode,
    host: options.subprocess ? 'subprocess' : 'in-process',
    surfaces: more.surfaces,
    execution: more.execution,
    ...(more.execution?.expected.golden.text !== undefined
      ? { expectedGolden: more.execution.expected.golden.text }
      : {}),
    recording: scenario.manifest.recording,
    ...(more.warnings?.length ? { warnings: more.warnings } : {}),
    ...(more.execution?.normalizedBy?.length ? { normalizedBy: more.execution.normalizedBy } : {}),
  })
  if (scenario.problems.length) return done(scenario.problems.map((problem) => problemFailure(name, problem)))
  if (mode === 'record' && scenario.manifest.recording === 'authored') {
    const why = `scenario ${name} is authored (written by hand); record mode never rewrites it: use --mode refresh`
    return done([failure('scenario', name, why)])
  }
  const tierMissing = await missingSandboxTier(name, scenario.manifest.sandbox)
  if (tierMissing)
    return { ...done([failure('scenario', name, tierMissing)]), stoppedForTier: scenario.manifest.sandbox }
  try {
    const { failures, ...judged } = await playOnce(scenario, options, mode, play)
    if (mode !== 'replay' || !judged.surfaces || !needsSecondRun(failures)) return done(failures, judged)
    // Replay drifted: play it once more, so the advice can tell nondeterminism from a change.
    const again = await playOnce(scenario, options, mode, play)
    if (!again.surfaces) return done(failures, judged)
    const classification = classifyDrift(judged.surfaces, again.surfaces)
    // vitest judges the execution's own failures: they carry the same verdict.
    judged.execution.runFailures = withClassification(judged.execution.runFailures, classification)
    return done(withClassification(failures, classification), judged)
  } catch (error) {
    // A broken fixture or an agent that cannot boot fails this scenario, not the whole suite.
    return done([failure('process', name, `scenario ${name}: ${(error as Error)?.message ?? String(error)}`)])
  }
}
