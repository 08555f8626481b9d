// `dsh test --jobs N`: the selection spread over N worker processes, each with its own host
// composition. A worker takes the next scenario when it is free, so progress comes in completion
// order; the result lists the outcomes in the order a run without --jobs has them. In the writing
// modes the class pins run first, all of them, before any scenario checked against their sidecars.
// A worker that crashes or hangs fails its scenario only and is replaced for the next one.
// Workers start before the parent has discovered the corpus (startWorkers), so their node start
// and composition boot overlap the discovery; each gets the discovered corpus instead of its own.
import type { RunMode } from '../../model/modes.ts'
import { failedBeforeRun, type ScenarioOutcome } from '../../model/outcome.ts'
import type { BatchResult } from '../../service/service.ts'
import type { TestComposition } from '../../service/patches.ts'
import type { LoadedScenario } from '../../scenario/discover.ts'
import type { WorkerSetup } from './protocol.ts'
import { WorkerProcess } from './worker-process.ts'
import { failure } from '../../model/failure.ts'

interface WorkersOptions extends WorkerSetup {
  /** In the order a run without --jobs takes them (pins first). */
  scenarios: readonly LoadedScenario[]
  /** The whole discovered corpus, which every worker gets. */
  corpus: readonly LoadedScenario[]
  composition?: TestComposition
  mode: RunMode
  jobs: number
  /** Workers spawned already (startWorkers); the lanes take them before spawning any. */
  started?: WorkerProcess[]
  signal?: AbortSignal
  onResult?(outcome: ScenarioOutcome): void
}

/** What a worker is told on its command line: known before discovery. */
function workerSetup(options: WorkerSetup): WorkerSetup {
  const { repoRoot, composition, mode, pending, stub, subprocess, timeoutMs, keepSurfaces } = options
  return { repoRoot, composition, mode, pending, stub, subprocess, timeoutMs, keepSurfaces }
}

/** Spawn `count` workers now; they boot while the caller discovers, and wait for the corpus. */
export function startWorkers(setup: WorkerSetup, count: number): WorkerProcess[] {
  return Array.from({ length: count }, () => new WorkerProcess(workerSetup(setup), count))
}

/** Scenarios a lane hands its worker beyond the one it runs (Lane.handOut). */
const HANDED_AHEAD = 1

/** Per-wait timeouts bound a scenario's waits; a worker silent this long is stuck where none reaches. */
function scenarioTimeoutMs(timeoutMs = 10_000): number {
  return 6 * timeoutMs
}

export async function runInWorkers(options: WorkersOptions): Promise<BatchResult> {
  const { scenarios, mode } = options
  const setup = workerSetup(options)
  const started = [...(options.started ?? [])]
  const pins = scenarios.filter((s) => s.manifest.header?.pin)
  const phases = mode !== 'replay' && pins.length ? [pins, scenarios.filter((s) => !pins.includes(s))] : [scenarios]
  const outcomes = new Map<string, ScenarioOutcome>()
  const record = (outcome: ScenarioOutcome) => {
    outcomes.set(outcome.scenario, outcome)
    options.onResult?.(outcome)
  }
  // Every other lane takes from the back of the queue: the selection is in name order, so copies and
  // variants of one scenario sit together, and two lanes at the front would wait on the same kind of
  // child process (bash, an MCP server) at the same time instead of one computing while the other waits.
  const lanes = Array.from(
    { length: Math.min(options.jobs, scenarios.length) },
    (_, index) => new Lane(setup, options, index % 2 === 1, started.shift()),
  )
  try {
    for (const phase of phases) {
      const queue = [...phase]
      await Promise.all(lanes.map((lane) => lane.drain(queue, record)))
    }
  } finally {
    // Workers started for lanes that never ran (fewer scenarios than --jobs) stop too.
    await Promise.all([...lanes.map((lane) => lane.close()), ...started.map((worker) => worker.stop())])
  }
  return {
    outcomes: scenarios.flatMap((s) => outcomes.get(s.name) ?? []),
    interrupted: !!options.signal?.aborted,
  }
}

/** One worker slot: it takes scenarios off the shared queue until the queue is empty or the run is interrupted. */
class Lane {
  private worker?: WorkerProcess
  private readonly limitMs: number

  constructor(
    private readonly setup: WorkerSetup,
    private readonly options: WorkersOptions,
    /** Take scenarios from the back of the queue (see runInWorkers). */
    private readonly fromBack: boolean,
    /** A worker spawned before discovery, not yet handed the corpus. */
    private spawned?: WorkerProcess,
  ) {
    this.limitMs = scenarioTimeoutMs(options.timeoutMs)
  }

  async drain(queue: LoadedScenario[], record: (outcome: ScenarioOutcome) => void): Promise<void> {
    const inFlight: LoadedScenario[] = []
    // Interrupted: what the worker holds beyond the scenario it runs is not started (Lane.handOut).
    const drop = () => this.worker?.drop()
    this.options.signal?.addEventListener('abort', drop, { once: true })
    try {
      await this.drainFrom(queue, inFlight, record)
    } finally {
      this.options.signal?.removeEventListener('abort', drop)
    }
  }

  private async drainFrom(
    queue: LoadedScenario[],
    inFlight: LoadedScenario[],
    record: (outcome: ScenarioOutcome) => void,
  ): Promise<void> {
    for (;;) {
      if (!this.options.signal?.aborted) await this.handOut(queue, inFlight)
      const scenario = inFlight.shift()
      if (!scenario) return
      const worker = this.worker!
      const started = performance.now()
      const result = await worker.outcome(this.limitMs)
      if (result.kind === 'outcome') record(result.outcome)
      if (result.kind !== 'ended') continue
      // The scenarios handed to the lost worker after this one never started: another worker takes them.
      this.worker = undefined
      this.putBack(queue, inFlight.splice(0))
      const why = result.hung
        ? `its dsh test worker (pid ${worker.pid}) did not finish it within ${this.limitMs} ms (6 × the --timeout ` +
          'per wait), so the worker was ended; raise --timeout if it is only slow, or run it alone with --jobs 1'
        : `its dsh test worker (pid ${worker.pid}) ${result.why} while running it; the other scenarios went on in a ` +
          'new worker; run it alone with --jobs 1 to see where'
      const outcome = failedBeforeRun(scenario.name, this.setup.mode, this.setup.subprocess, [
        failure('process', scenario.name, `scenario ${scenario.name}: ${why}`),
      ])
      record({ ...outcome, durationMs: performance.now() - started })
    }
  }

  /**
   * Keeps the worker one scenario ahead: the next is already there when the current one ends, so
   * the worker does not wait for this process between two (docs/benchmarks.md, issue 44). Near
   * the end of the queue (no more left than there are lanes) it takes one at a time, so no lane
   * idles while another still holds two.
   */
  private async handOut(queue: LoadedScenario[], inFlight: LoadedScenario[]): Promise<void> {
    const ahead = () => (queue.length > this.options.jobs ? HANDED_AHEAD : 0)
    while (queue.length && inFlight.length <= ahead()) {
      const worker = await this.started()
      // Another lane may have taken the last one while this worker started.
      const scenario = this.fromBack ? queue.pop() : queue.shift()
      if (!scenario) return
      worker.submit(scenario.name)
      inFlight.push(scenario)
    }
  }

  /** Scenarios taken but never run go back where this lane takes from, in their order. */
  private putBack(queue: LoadedScenario[], scenarios: LoadedScenario[]): void {
    if (this.fromBack) queue.push(...scenarios.reverse())
    else queue.unshift(...scenarios)
  }

  async close(): Promise<void> {
    await Promise.all([this.worker?.stop(), this.spawned?.stop()])
    this.worker = this.spawned = undefined
  }

  private async started(): Promise<WorkerProcess> {
    if (this.worker) return this.worker
    const lanes = Math.min(this.options.jobs, this.options.scenarios.length)
    const worker = this.spawned ?? new WorkerProcess(this.setup, lanes)
    this.spawned = undefined
    // Booting is not a scenario: a loaded machine may take long, so only a boot that never ends is refused.
    const problem = await worker.start(this.options.corpus, Math.max(this.limitMs, 120_000))
    if (problem) {
      await worker.stop()
      throw new Error(`dsh test --jobs: a worker could not start: ${problem}`)
    }
    this.worker = worker
    return worker
  }
}
