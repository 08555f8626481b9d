// The mutate workers at work: each is handed the corpus once, then mutants one at a time from a
// shared queue. A worker that hangs past a mutant's limit is killed (timeout) and one that dies
// (the mutant crashed it: killed) is replaced before the next mutant. Static mutants each get a
// worker of their own, started with the mutant active.
import type { LoadedScenario } from '../snapshot/scenario/discover.ts'
import { MutateError } from './errors.ts'
import type { MutantResult } from './model.ts'
import { hitLimit, orderByKills, type MutantPlan } from './plan.ts'
import type { MutateWorkerSetup } from './protocol.ts'
import { MutateWorkerProcess, type Reply } from './worker-process.ts'

export interface PoolOptions {
  setup: MutateWorkerSetup
  fromSource: boolean
  corpus: LoadedScenario[]
  jobs: number
  /** Baseline duration per scenario: a mutant's limit is a multiple of its scenarios' sum. */
  durations: Record<string, number>
  signal?: AbortSignal
  onResult?(result: MutantResult): void
}

const BOOT_LIMIT_MS = 120_000

/** A started worker with the corpus in hand, or the named error why it could not start. */
function readyWorker(options: PoolOptions, activeMutant?: string): Promise<MutateWorkerProcess> {
  return handOver(new MutateWorkerProcess(options.setup, { fromSource: options.fromSource, activeMutant }), options)
}

/** `worker` (spawned, perhaps still booting) handed the corpus, once its composition is up. */
export async function handOver(worker: MutateWorkerProcess, options: PoolOptions): Promise<MutateWorkerProcess> {
  const reply = await worker.ask({ type: 'corpus', scenarios: options.corpus }, BOOT_LIMIT_MS)
  if (reply.type === 'ready') return worker
  await worker.stop()
  const why = reply.type === 'broken' ? reply.message : reply.type === 'exit' ? `it ${reply.why}` : reply.type
  throw new MutateError(
    'worker-broken',
    `dsh mutate: a worker could not boot the composition in ${options.setup.repoRoot}: ${why}; ` +
      'does `dsh test` start there?',
  )
}

function limitFor(plan: MutantPlan, durations: Record<string, number>): number {
  const total = plan.scenarios.reduce((sum, name) => sum + (durations[name] ?? 1000), 0)
  return total * 3 + 20_000
}

function verdict(plan: MutantPlan, reply: Reply): MutantResult {
  const base = { ...plan.mutant, coveredBy: plan.scenarios }
  if (reply.type === 'verdict') {
    if (!reply.killedBy) return { ...base, status: 'survived' }
    return { ...base, status: reply.timedOut ? 'timeout' : 'killed', killedBy: reply.killedBy }
  }
  if (reply.type === 'exit' && reply.hung) return { ...base, status: 'timeout', killedBy: plan.scenarios[0] }
  // The worker died under the mutant: the agent crashed, which a scenario would have shown.
  return { ...base, status: 'killed', killedBy: `${plan.scenarios[0]} (the worker ${describe(reply)})` }
}

const describe = (reply: Reply) => (reply.type === 'exit' ? reply.why : `answered ${reply.type}`)

/** Run the planned (covered, non-static) mutants over the workers given (one lane each; stopped at the end). */
export async function runDynamic(
  plans: readonly MutantPlan[],
  workers: readonly MutateWorkerProcess[],
  options: PoolOptions,
): Promise<MutantResult[]> {
  const queue = [...plans]
  const results: MutantResult[] = []
  const kills = new Map<string, number>()
  const lane = async (first: MutateWorkerProcess) => {
    let worker: MutateWorkerProcess | undefined = first
    for (let plan = queue.shift(); plan; plan = queue.shift()) {
      if (options.signal?.aborted) break
      worker ??= await readyWorker(options)
      const names = orderByKills(plan.scenarios, kills)
      const message = { type: 'mutant' as const, switchId: plan.mutant.switchId, names, hitLimit: hitLimit(plan.hits) }
      const reply = await worker.ask(message, limitFor(plan, options.durations))
      const result = verdict({ ...plan, scenarios: plan.scenarios }, reply)
      if (reply.type !== 'verdict') worker = undefined
      const killer = result.killedBy?.split(' ')[0]
      if (killer) kills.set(killer, (kills.get(killer) ?? 0) + 1)
      results.push(result)
      options.onResult?.(result)
    }
    await worker?.stop()
  }
  await Promise.all(workers.map(lane))
  return results
}

/**
 * Each static mutant in a worker started with it active (the env var), against every scenario that loaded it:
 * one queue, taken by as many lanes (a worker at a time each) as the caller starts, when it starts them.
 */
export function staticLanes(
  plans: readonly MutantPlan[],
  options: PoolOptions,
): { lane: () => Promise<void>; results: MutantResult[] } {
  const queue = [...plans]
  const results: MutantResult[] = []
  const lane = async () => {
    for (let plan = queue.shift(); plan; plan = queue.shift()) {
      if (options.signal?.aborted) break
      const worker = await readyWorker(options, plan.mutant.switchId).catch((error: Error) => error)
      if (worker instanceof Error) {
        // The mutant broke the composition's boot: every scenario would fail.
        const result: MutantResult = { ...plan.mutant, coveredBy: plan.scenarios, status: 'killed', killedBy: '(boot)' }
        results.push(result)
        options.onResult?.(result)
        continue
      }
      const message = { type: 'mutant' as const, switchId: plan.mutant.switchId, names: plan.scenarios }
      const reply = await worker.ask({ ...message, hitLimit: hitLimit(plan.hits) }, limitFor(plan, options.durations))
      const result = verdict(plan, reply)
      results.push(result)
      options.onResult?.(result)
      await worker.stop()
    }
  }
  return { lane, results }
}
