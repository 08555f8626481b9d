// Run a selection of scenarios one after another (pins first, so a refresh rewrites the
// class sidecars before the scenarios that are checked against them). In-process, the whole
// selection runs in one host composition through the snapshot service; with `subprocess`,
// each scenario spawns the built `dsh`.
import { discoverScenarios, namedPart, type LoadedScenario } from '../scenario/discover.ts'
import type { RunMode } from '../core/fixtures.ts'
import { STUB_API_KEY, modelScriptPath, startRecordingStub } from '../env/record-stub.ts'
import { pinsFirst } from '../plugin/select.ts'
import { removeLeftovers } from '../env/write-fixtures.ts'
import { bootHostComposition } from './host-composition.ts'
import { failedBeforeRun, type ScenarioOutcome } from '../plugin/outcome.ts'
import { runScenario } from './run-scenario.ts'
import { noteRecordingSource, recordingStamp } from '../env/provenance.ts'
import type { TestComposition } from '../plugin/patches.ts'

export interface SuiteOptions {
  /** The project folder holding scenarios/. */
  repoRoot: string
  /** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
  composition?: TestComposition
  names?: string[]
  mode?: RunMode
  subprocess?: boolean
  /** record / refresh: write `<file>.new` copies for `dsh review` instead of overwriting (docs/review.md). */
  pending?: boolean
  /** Record against the stub endpoint with scenarios/<name>/model.yml instead of the real API. */
  stub?: boolean
  /** record: refuse to write a recording with warnings (failed tool calls, scaffold placeholders). */
  strict?: boolean
  timeoutMs?: number
  signal?: AbortSignal
  onResult?(outcome: ScenarioOutcome): void
  /** Called once the selection is known, before the first scenario runs. */
  onStart?(count: number): void
}

export interface SuiteResult {
  outcomes: ScenarioOutcome[]
  /** Scenario folders that could not even be loaded. */
  loadFailures: string[]
  /** Leftover goldens and sidecars of removed scenarios that a full refresh deleted. */
  removed: string[]
  interrupted: boolean
}

type Run = (extra: { modelBaseUrl?: string; env?: NodeJS.ProcessEnv }) => Promise<ScenarioOutcome>

export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const mode = options.mode ?? 'replay'
  // The whole corpus is loaded either way (cross-scenario rules need it); `names` picks from it.
  const discovery = await discoverScenarios(options.repoRoot, { mode })
  const corpus = discovery.scenarios
  const { scenarios, failures, leftovers } = options.names
    ? namedPart(discovery, options.names, options.repoRoot)
    : discovery
  const loadFailures = failures.map((f) => f.error.message)
  // Goldens and sidecars of removed scenarios: a full refresh deletes them, a replay fails on them.
  const removed: string[] = []
  if (!options.names && mode !== 'replay' && !options.pending)
    removed.push(...(await removeLeftovers(options.repoRoot, leftovers)))
  else if (mode === 'replay')
    loadFailures.push(
      ...leftovers.map(
        (file) =>
          `${file} is obsolete: its folder has no snapshot.yml, so no scenario uses it; ` +
          'npx dsh test --mode refresh or npx vitest run -u removes it',
      ),
    )
  const ordered = pinsFirst(scenarios)
  options.onStart?.(ordered.length)
  const { repoRoot, composition } = options
  const { pending, strict, timeoutMs } = options
  const common = { repoRoot, composition, corpus, mode, pending, strict, timeoutMs }
  const around = (scenario: LoadedScenario, run: Run) => withModel(scenario, mode, options, run)

  if (options.subprocess) {
    const outcomes: ScenarioOutcome[] = []
    for (const scenario of ordered) {
      if (options.signal?.aborted) return { outcomes, loadFailures, removed, interrupted: true }
      const outcome = await around(scenario, (extra) =>
        runScenario(scenario, { ...common, ...extra, subprocess: true }),
      )
      outcomes.push(outcome)
      options.onResult?.(outcome)
    }
    return { outcomes, loadFailures, removed, interrupted: !!options.signal?.aborted }
  }

  const host = await bootHostComposition({ repoRoot, composition, mode })
  // The CLI's progress is a reporter like any other: it listens to the service's events.
  const stop = host.booted.ctx.on('snapshot/scenario-end', ({ outcome }) => options.onResult?.(outcome))
  try {
    const result = await host.snapshot.runBatch({ ...common, scenarios: ordered, signal: options.signal, around })
    return { ...result, loadFailures, removed }
  } finally {
    stop()
    await host.dispose()
  }
}

/** The model a scenario talks to: replay needs none; record needs the key, or the stub endpoint. */
async function withModel(
  scenario: LoadedScenario,
  mode: RunMode,
  options: SuiteOptions,
  run: Run,
): Promise<ScenarioOutcome> {
  if (mode !== 'record') return run({})
  const failed = (message: string): ScenarioOutcome =>
    failedBeforeRun(scenario.name, mode, options.subprocess, [`scenario ${scenario.name}: ${message}`])
  if (!options.stub) {
    if (!process.env.DEEPSEEK_API_KEY)
      return failed('record mode needs DEEPSEEK_API_KEY (or --stub to record against the scripted stub endpoint)')
    const outcome = await run({ env: pick(process.env, ['DEEPSEEK_API_KEY', 'DEEPSEEK_BASE_URL']) })
    return options.pending ? outcome : noteRecordingSource(options.repoRoot, outcome, 'live', recordingStamp())
  }
  let stub: Awaited<ReturnType<typeof startRecordingStub>>
  try {
    stub = await startRecordingStub(scenario)
  } catch (error) {
    return { ...failed(''), failures: [(error as Error).message] }
  }
  const savedKey = process.env.DEEPSEEK_API_KEY
  // The in-process adapter reads the key from this process's environment; a placeholder suffices for the stub.
  process.env.DEEPSEEK_API_KEY = STUB_API_KEY
  try {
    const outcome = await run({ modelBaseUrl: stub.url, env: { DEEPSEEK_API_KEY: STUB_API_KEY } })
    const left = stub.remaining()
    const checked: ScenarioOutcome =
      left > 0 && outcome.ok
        ? {
            ...outcome,
            ok: false,
            failures: [
              `scenario ${scenario.name}: ${left} scripted model turn(s) in ${modelScriptPath(scenario.name)} ` +
                'were never requested',
            ],
          }
        : outcome
    // --pending leaves every file as it is until dsh review accepts the copies (docs/recording.md).
    return options.pending ? checked : noteRecordingSource(options.repoRoot, checked, 'stub', recordingStamp())
  } finally {
    if (savedKey === undefined) delete process.env.DEEPSEEK_API_KEY
    else process.env.DEEPSEEK_API_KEY = savedKey
    await stub.close()
  }
}

function pick(env: NodeJS.ProcessEnv, names: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(names.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]))
}
