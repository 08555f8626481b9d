// A selection of scenarios in one of the per-scenario modes (replay, record, refresh), one after
// another (pins first, so a refresh rewrites the class sidecars before the scenarios that are
// checked against them). In-process, the whole selection runs in one host composition through
// the snapshot service; with `subprocess`, each scenario spawns the built `dsh`; with `jobs`, in
// worker processes (./jobs/). Callers go through the entry, ./run.ts.
import { discoverScenarios, namedPart, type LoadedScenario } from '../scenario/discover.ts'
import type { RunMode } from '../model/modes.ts'
import { pinsFirst } from '../service/select.ts'
import { removeLeftovers } from '../fixtures/write-fixtures.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { keptOutcome } from './kept-outcome.ts'
import { bootHostComposition } from './host-composition.ts'
import { playInSubprocess } from './subprocess.ts'
import { withModel, type ModelRun } from './with-model.ts'
import { runInWorkers, startWorkers } from './jobs/run-in-workers.ts'
import type { WorkerProcess } from './jobs/worker-process.ts'
import type { TestComposition } from '../service/patches.ts'

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
  /**
   * Keep each outcome's normalized surfaces and expected golden (the JSON blob and HTML reports show
   * them); false keeps verdicts only, so a large corpus does not grow the process (default true).
   */
  keepSurfaces?: boolean
  /** Worker processes, each with its own host composition (docs/test-host.md); 1 or absent: this process. */
  jobs?: number
  signal?: AbortSignal
  onResult?(outcome: ScenarioOutcome): void
  /**
   * Called once the selection is known, before the first scenario runs: `count` will run, `unloaded`
   * more were selected but could not be loaded.
   */
  onStart?(count: number, unloaded: number): void
  /** The selected scenarios as discovered, before onStart (replay warns of stale ones here). */
  onDiscovered?(scenarios: readonly LoadedScenario[]): void
}

export interface SuiteResult {
  outcomes: ScenarioOutcome[]
  /** Scenario folders that could not even be loaded. */
  loadFailures: string[]
  /** Leftover goldens and sidecars of removed scenarios that a full refresh deleted. */
  removed: string[]
  interrupted: boolean
}

/** --jobs: how many workers to spawn before discovery (none when one scenario is named: it runs here). */
function earlyWorkers(options: SuiteOptions): number {
  const jobs = Math.min(options.jobs ?? 1, options.names?.length ?? Number.POSITIVE_INFINITY)
  return jobs > 1 ? jobs : 0
}

export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const mode = options.mode ?? 'replay'
  // Workers boot while this process discovers; those not needed are stopped by runInWorkers or below.
  const started = startWorkers({ ...options, mode }, earlyWorkers(options))
  try {
    return await discoverAndRun(options, mode, started)
  } finally {
    await Promise.all(started.map((worker) => worker.stop()))
  }
}

async function discoverAndRun(options: SuiteOptions, mode: RunMode, started: WorkerProcess[]): Promise<SuiteResult> {
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
  options.onDiscovered?.(scenarios)
  const ordered = pinsFirst(scenarios)
  options.onStart?.(ordered.length, failures.length)
  const result = await runOrdered(options, mode, { corpus, ordered, started: started.splice(0) })
  return { ...result, loadFailures, removed }
}

async function runOrdered(
  options: SuiteOptions,
  mode: RunMode,
  { corpus, ordered, started }: { corpus: LoadedScenario[]; ordered: LoadedScenario[]; started: WorkerProcess[] },
): Promise<Omit<SuiteResult, 'loadFailures' | 'removed'>> {
  const { repoRoot, composition } = options
  const { pending, strict, timeoutMs } = options
  const common = { repoRoot, composition, corpus, mode, pending, strict, timeoutMs }
  const around = (scenario: LoadedScenario, run: ModelRun) => withModel(scenario, mode, options, run)

  // One scenario runs here either way: a worker would only add its start.
  if (Math.min(options.jobs ?? 1, ordered.length) > 1) {
    const { subprocess, stub, jobs = 1, signal, onResult, keepSurfaces } = options
    const workers = { subprocess, stub, jobs, signal, onResult, keepSurfaces }
    return runInWorkers({ ...common, ...workers, scenarios: ordered, started })
  }
  await Promise.all(started.map((worker) => worker.stop()))

  if (options.subprocess) {
    const outcomes: ScenarioOutcome[] = []
    for (const scenario of ordered) {
      if (options.signal?.aborted) return { outcomes, interrupted: true }
      const outcome = keptOutcome(
        await around(scenario, (extra) => playInSubprocess(scenario, { ...common, ...extra })),
        options.keepSurfaces,
      )
      outcomes.push(outcome)
      options.onResult?.(outcome)
    }
    return { outcomes, interrupted: !!options.signal?.aborted }
  }

  const host = await bootHostComposition({ repoRoot, composition, mode })
  // The CLI's progress is a reporter like any other: it listens to the service's events. Each
  // outcome is trimmed as it ends (kept-outcome.ts): the batch's list would hold every one whole.
  const stop = host.booted.ctx.on('snapshot/scenario-end', ({ outcome }) => {
    const kept = keptOutcome(outcome, options.keepSurfaces)
    for (const key of Object.keys(outcome) as (keyof ScenarioOutcome)[]) if (!(key in kept)) delete outcome[key]
    options.onResult?.(outcome)
  })
  try {
    return await host.snapshot.runBatch({ ...common, scenarios: ordered, signal: options.signal, around })
  } finally {
    stop()
    await host.dispose()
  }
}
