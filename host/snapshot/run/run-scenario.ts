// One scenario, start to finish: prepare the cwd, play it (inside a host composition, or as a
// subprocess), then judge both surfaces (./judge.ts). Every in-process run goes through the
// snapshot service (host/snapshot/plugin/service.ts); runScenario boots one for a single call.
import type { LoadedScenario } from '../scenario/discover.ts'
import type { RawCapture } from '../env/capture.ts'
import type { RunMode } from '../core/fixtures.ts'
import type { SurfaceMismatch } from '../core/assess.ts'
import { prepareRun, type PreparedRun } from '../env/prepare.ts'
import { judgeRun, type ScenarioExecution } from './judge.ts'
import { runSubprocess } from './subprocess.ts'
import type { TestComposition } from './composition.ts'
import { withHostComposition } from './host-composition.ts'

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
  /** Per wait; the error names what was awaited. */
  timeoutMs?: number
  /** Extra environment for record mode (the model key and base URL). */
  env?: NodeJS.ProcessEnv
  /** Record against this DeepSeek-wire base URL (the stub endpoint) instead of the configured one. */
  modelBaseUrl?: string
}

export interface ScenarioOutcome {
  scenario: string
  ok: boolean
  failures: string[]
  /** Repository-relative files rewritten (record / refresh). */
  written: string[]
  durationMs: number
  mode: RunMode
  host: ScenarioHost
  /** Surfaces that differ from their committed files (for side-by-side reports). */
  mismatches: SurfaceMismatch[]
  /** The normalized surfaces, for cross-host comparisons and reports. */
  surfaces?: { transcript: string[]; sessionLogs: string[] }
  /** The observed run (normalized surfaces, committed fixtures), for judges of their own (vitest). */
  execution?: ScenarioExecution
}

export type ScenarioHost = 'in-process' | 'subprocess'

/** The outcome of a scenario that failed before it could run (no key, no model script, …). */
export function failedBeforeRun(
  scenario: string,
  mode: RunMode,
  subprocess: boolean | undefined,
  failures: string[],
): ScenarioOutcome {
  const host = subprocess ? 'subprocess' : 'in-process'
  return { scenario, ok: false, failures, written: [], durationMs: 0, mode, host, mismatches: [] }
}

/** What a prepared run is played on: the service's composition, or a `dsh` subprocess. */
export type PlayRun = (
  run: PreparedRun & { modelBaseUrl?: string; composition?: TestComposition },
  timeoutMs: number,
) => Promise<RawCapture>

export async function runScenario(scenario: LoadedScenario, options: RunScenarioOptions): Promise<ScenarioOutcome> {
  if (options.subprocess)
    return playScenario(scenario, options, (run, timeoutMs) => runSubprocess(run, { timeoutMs, env: options.env }))
  const { repoRoot, composition, mode = 'replay' } = options
  return withHostComposition({ repoRoot, composition, mode }, (host) => host.snapshot.runOne(scenario, options))
}

/** Check, prepare, play and judge one scenario; any error fails this scenario, not the caller. */
export async function playScenario(
  scenario: LoadedScenario,
  options: RunScenarioOptions,
  play: PlayRun,
): Promise<ScenarioOutcome> {
  const started = performance.now()
  const mode = options.mode ?? 'replay'
  const done = (
    failures: string[],
    more: Partial<Pick<ScenarioOutcome, 'written' | 'mismatches' | 'surfaces' | 'execution'>> = {},
  ): ScenarioOutcome => ({
    scenario: scenario.name,
    ok: failures.length === 0,
    failures,
    written: more.written ?? [],
    durationMs: performance.now() - started,
    mode,
    host: options.subprocess ? 'subprocess' : 'in-process',
    mismatches: more.mismatches ?? [],
    surfaces: more.surfaces,
    execution: more.execution,
  })
  if (scenario.problems.length) return done(scenario.problems.map((p) => `scenario ${scenario.name}: ${p}`))
  if (mode === 'record' && scenario.manifest.recording === 'authored') {
    return done([
      `scenario ${scenario.name} is authored (written by hand); record mode never rewrites it: use --mode refresh`,
    ])
  }
  try {
    const prepared = {
      ...(await prepareRun(options.repoRoot, scenario, mode, options.corpus)),
      modelBaseUrl: options.modelBaseUrl,
      composition: options.composition,
    }
    try {
      const capture = await play(prepared, options.timeoutMs ?? 10_000)
      const { failures, ...judged } = await judgeRun(prepared, capture, { ...options, mode })
      return done(failures, judged)
    } finally {
      await prepared.cleanup()
    }
  } catch (error) {
    // A broken fixture or an agent that cannot boot fails this scenario, not the whole suite.
    return done([`scenario ${scenario.name}: ${(error as Error)?.message ?? String(error)}`])
  }
}
