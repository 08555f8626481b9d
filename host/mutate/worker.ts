// One `dsh mutate` worker (a child process): its target files load as their instrumented copies
// (./hooks.ts), it boots the user's host composition once, then runs what the parent asks: the
// coverage pass, then one mutant at a time, switched by `__STRYKER_ACTIVE_MUTANT__` (a worker
// started with it set runs that mutant from module load on: a static mutant).
import { removeLiveTempDirsNow } from '../snapshot/fixtures/workspace/temp-cwd.ts'
import type { LoadedScenario } from '../snapshot/scenario/discover.ts'
import { bootHostComposition, type HostComposition } from '../snapshot/run/host-composition.ts'
import { registerInstrumentedCopies } from './hooks.ts'
import { LOADED_GLOBAL } from './instrument.ts'
import type { BaselineRun, FromMutateWorker, MutateWorkerSetup, ToMutateWorker } from './protocol.ts'
import { strykerState } from './switch.ts'
import { WaitTimeoutError } from '../../lib/with-timeout.ts'

const send = (message: FromMutateWorker) => process.send?.(message)

for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(name, () => {})
/** Errors a mutant threw outside any scenario's reach (an unhandled rejection): they kill the mutant, not
 * the worker. */
const strays: string[] = []
process.on('uncaughtException', (error) => void strays.push(error.message))
process.on(
  'unhandledRejection',
  (reason) => void strays.push(reason instanceof Error ? reason.message : String(reason)),
)
process.on('disconnect', () => {
  removeLiveTempDirsNow()
  process.exit(1)
})

interface Worker {
  setup: MutateWorkerSetup
  booting: Promise<HostComposition | Error>
  host?: HostComposition
  corpus: LoadedScenario[]
  byName: Map<string, LoadedScenario>
}

async function play(worker: Worker, name: string) {
  const scenario = worker.byName.get(name)
  if (!scenario || !worker.host) throw new Error(`dsh mutate worker: no scenario named ${name}`)
  const { repoRoot, composition, timeoutMs } = worker.setup
  const batch = { repoRoot, composition, corpus: worker.corpus, mode: 'replay' as const, timeoutMs }
  const result = await worker.host.snapshot.runBatch({ ...batch, scenarios: [scenario] })
  const [outcome] = result.outcomes
  if (!outcome) throw new Error(`dsh mutate worker: scenario ${name} ended without an outcome`)
  return outcome
}

async function coverage(worker: Worker, names: string[]): Promise<FromMutateWorker> {
  const state = strykerState()
  const runs: BaselineRun[] = []
  for (const name of names) {
    state.currentTestId = name
    const outcome = await play(worker, name)
    state.currentTestId = undefined
    const failure = outcome.ok ? undefined : outcome.failures[0]?.message
    runs.push({ name, ok: outcome.ok, durationMs: outcome.durationMs, stoppedForTier: outcome.stoppedForTier, failure })
  }
  const loaded = [...(((globalThis as Record<string, unknown>)[LOADED_GLOBAL] as Set<string> | undefined) ?? [])]
  const { perTest, static: boot } = state.mutantCoverage ?? { perTest: {}, static: {} }
  return { type: 'coverage', runs, perScenario: perTest, static: boot, loaded }
}

/** A killed mutant may leave the composition in doubt: the next mutant gets a fresh one (modules stay loaded). */
async function mutant(worker: Worker, message: Extract<ToMutateWorker, { type: 'mutant' }>) {
  strays.length = 0
  const verdict = await runMutant(worker, message)
  const stray = strays[0]
  if (!verdict.killedBy && !stray) return verdict
  const t = Date.now()
  await reboot(worker)
  if (process.env.DSH_MUTATE_DEBUG) process.stderr.write(`reboot ${Date.now() - t} ms\n`)
  return verdict.killedBy ? verdict : { killedBy: `${message.names[0]} (${stray})` }
}

async function reboot(worker: Worker): Promise<void> {
  const old = worker.host
  worker.host = undefined
  await Promise.race([old?.dispose().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000).unref())])
  const { repoRoot, composition } = worker.setup
  worker.host = await bootHostComposition({ repoRoot, composition, mode: 'replay' })
}

/** A scenario that waited past a timeout (a mutant that loops or never answers): the failure says so as data. */
function isTimeout(failure: Error | { timedOut?: boolean }): boolean {
  return failure instanceof WaitTimeoutError || ('timedOut' in failure && failure.timedOut === true)
}

async function runMutant(worker: Worker, message: Extract<ToMutateWorker, { type: 'mutant' }>) {
  const state = strykerState()
  state.activeMutant = message.switchId
  state.hitCount = 0
  state.hitLimit = message.hitLimit
  try {
    for (const name of message.names) {
      const outcome = await play(worker, name).catch((error: Error) => ({ ok: false, failures: [error] }))
      if ((state.hitCount ?? 0) > message.hitLimit) return { killedBy: name, timedOut: true }
      if (!outcome.ok) return { killedBy: name, timedOut: outcome.failures.some(isTimeout) }
    }
    return {}
  } finally {
    state.activeMutant = undefined
    state.hitCount = undefined
  }
}

function listen(worker: Worker): void {
  process.on('message', async (message: ToMutateWorker) => {
    if (message.type === 'stop') {
      await worker.host?.dispose()
      process.exit(0)
    }
    if (message.type === 'corpus') {
      worker.corpus = message.scenarios
      worker.byName = new Map(message.scenarios.map((scenario) => [scenario.name, scenario]))
      const booted = await worker.booting
      if (booted instanceof Error) return send({ type: 'broken', message: booted.message })
      worker.host = booted
      return send({ type: 'ready' })
    }
    if (message.type === 'coverage') return send(await coverage(worker, message.names))
    send({ type: 'verdict', ...(await mutant(worker, message)) })
  })
}

async function start(setup: MutateWorkerSetup): Promise<void> {
  registerInstrumentedCopies(setup.copies)
  const { repoRoot, composition } = setup
  // It boots while the parent discovers the corpus; `ready` answers the corpus.
  const booting = bootHostComposition({ repoRoot, composition, mode: 'replay' }).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  )
  listen({ setup, booting, corpus: [], byName: new Map() })
}

await start(JSON.parse(process.argv[2] ?? '{}') as MutateWorkerSetup)
