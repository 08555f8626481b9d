// One `dsh test --jobs` worker (a child process): it boots its own host composition (none for
// --subprocess, whose scenarios each spawn the built dsh) while the parent discovers the corpus,
// takes the corpus the parent sends (no second discovery), then runs the scenarios it is sent one
// at a time, in the order sent, reconfigured between them as in a run without --jobs. The parent
// sends the next before the current one ends (run-in-workers.ts): it waits here, not in the parent.
// The parent decides when to stop: signals from the terminal are its, and a lost parent (the
// IPC channel closes, even after a SIGKILL) ends this worker and its process group at once.
import { removeLiveTempDirsNow } from '../../fixtures/workspace/temp-cwd.ts'
import type { LoadedScenario } from '../../scenario/discover.ts'
import type { ScenarioOutcome } from '../../model/outcome.ts'
import { bootHostComposition, type HostComposition } from '../host-composition.ts'
import { runScenario } from '../run.ts'
import { keptOutcome } from '../kept-outcome.ts'
import { withModel } from '../../service/scenario-model.ts'
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.ts'

const send = (message: FromWorker) => process.send?.(message)

for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(name, () => {})
process.on('disconnect', () => {
  removeLiveTempDirsNow()
  process.exit(1)
})

/** The worker's state between messages: the corpus arrives once, then scenarios to run. */
interface Worker {
  corpus?: (scenarios: LoadedScenario[]) => void
  play?: (scenario: LoadedScenario) => Promise<ScenarioOutcome>
  byName?: Map<string, LoadedScenario>
  host?: HostComposition
  /** The scenarios sent so far, each started when the one before it has answered. */
  queue: Promise<void>
  /** How many were sent, and how many of the first ones a `drop` cancelled (those not started by then). */
  sent: number
  dropBefore: number
}

function listen(setup: WorkerSetup, worker: Worker): void {
  process.on('message', async (message: ToWorker) => {
    if (message.type === 'stop') {
      await worker.host?.dispose()
      process.exit(0)
    }
    if (message.type === 'corpus') return worker.corpus?.(message.scenarios)
    if (message.type === 'drop') return void (worker.dropBefore = worker.sent)
    const index = worker.sent++
    worker.queue = worker.queue.then(async () => {
      if (index < worker.dropBefore) send({ type: 'dropped', name: message.name })
      else await runNamed(setup, worker, message.name)
    })
  })
}

async function runNamed(setup: WorkerSetup, worker: Worker, name: string): Promise<void> {
  const scenario = worker.byName?.get(name)
  if (!scenario || !worker.play)
    throw new Error(`dsh test worker: no scenario named ${name} in ${setup.repoRoot}/scenarios`)
  // `execution` holds functions (vitest's own judging reads it in process); the rest crosses,
  // the surfaces only when the parent keeps them (kept-outcome.ts).
  send({ type: 'outcome', name, outcome: keptOutcome(await worker.play(scenario), setup.keepSurfaces) })
}

async function start(setup: WorkerSetup): Promise<void> {
  const { repoRoot, composition, mode } = setup
  const worker: Worker = { queue: Promise.resolve(), sent: 0, dropBefore: 0 }
  const corpusArrived = new Promise<LoadedScenario[]>((resolve) => {
    worker.corpus = resolve
  })
  listen(setup, worker)
  const booting = setup.subprocess ? undefined : bootHostComposition({ repoRoot, composition, mode })
  // Nothing is sent before the corpus is here: the parent asks once it has sent it.
  const [corpus, boot] = await Promise.all([corpusArrived, booting?.then(ok, fail)])
  if (boot && 'error' in boot) return void send({ type: 'broken', message: boot.error.message })
  const host = (worker.host = boot?.host)
  worker.byName = new Map(corpus.map((scenario) => [scenario.name, scenario]))
  const common = { repoRoot, composition, corpus, mode, pending: setup.pending, timeoutMs: setup.timeoutMs }
  worker.play = async (scenario) => {
    if (!host)
      return withModel(scenario, mode, setup, (extra) =>
        runScenario(scenario, { ...common, ...extra, subprocess: true }),
      )
    const result = await host.snapshot.runBatch({ ...common, scenarios: [scenario], stub: setup.stub })
    const [outcome] = result.outcomes
    if (!outcome) throw new Error(`worker: the batch of ${scenario.name} gave no outcome`)
    return outcome
  }
  send({ type: 'ready' })
}

const ok = (host: HostComposition) => ({ host })
const fail = (error: unknown) => ({ error: error as Error })

await start(JSON.parse(process.argv[2] ?? '{}') as WorkerSetup)
