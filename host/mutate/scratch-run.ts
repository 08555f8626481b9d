// The run proper, in a scratch folder (./scratch.ts): workers that load the instrumented copies,
// the coverage pass, then the mutants: switched in the running workers, or, for static ones, a
// worker each. Each phase's time goes to the log.
import { plural } from '../../lib/plural.ts'
import { discoverScenarios } from '../snapshot/scenario/discover.ts'
import { coveragePass, type CoveragePass } from './coverage.ts'
import { MutateError } from './errors.ts'
import type { MutantInfo, MutantResult } from './model.ts'
import { planMutants } from './plan.ts'
import { handOver, runDynamic, staticLanes, type PoolOptions } from './pool.ts'
import { jobsOf, type ResolvedOptions, type Scratch } from './scratch.ts'
import type { Target } from './targets.ts'

interface ScratchResult {
  results: MutantResult[]
  skipped: Record<string, string>
}

/** Run `mutants` (of `targets`, whose copies `scratch` holds) against the corpus. */
export async function runInScratch(
  scratch: Scratch,
  targets: readonly Target[],
  mutants: readonly MutantInfo[],
  options: ResolvedOptions,
): Promise<ScratchResult> {
  const log = options.log ?? (() => {})
  const clock = stopwatch()
  const { scenarios } = await discoverScenarios(options.root, { mode: 'replay' })
  const pool: PoolOptions = {
    setup: scratch.setup,
    fromSource: scratch.fromSource,
    corpus: scenarios,
    jobs: jobsOf(options),
    durations: {},
    signal: options.signal,
    onResult: options.onResult,
  }
  const workers = await Promise.all(scratch.workers(pool.jobs).map((worker) => handOver(worker, pool)))
  log(`dsh mutate: ${plural(pool.jobs, 'worker')} up in ${clock()}`)
  let coverage: CoveragePass
  try {
    coverage = await coveragePass(
      workers,
      scenarios.map((scenario) => scenario.name),
    )
    assertLoaded(targets, coverage)
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.stop()))
    throw error
  }
  log(`dsh mutate: coverage pass over ${scenarios.length} scenarios in ${clock()}`)
  pool.durations = coverage.durations
  const plans = planMutants(mutants, coverage, coverage.runnable)
  const results: MutantResult[] = plans
    .filter((plan) => plan.scenarios.length === 0)
    .map((plan) => ({ ...plan.mutant, status: 'noCoverage', coveredBy: [] }))
  const covered = plans.filter((plan) => plan.scenarios.length > 0)
  const dynamic = covered.filter((plan) => !plan.static)
  const fixed = covered.filter((plan) => plan.static)
  // A static mutant costs a worker's boot: one lane of them starts beside the switched mutants, so its
  // boots take what those leave of the cores (their I/O waits, the queue's tail); the rest follow on every core.
  const statics = staticLanes(fixed, pool)
  const early = fixed.length ? statics.lane() : undefined
  results.push(...(await runDynamic(dynamic, workers, pool)))
  log(`dsh mutate: ${plural(dynamic.length, 'mutant')} switched in the running workers in ${clock()}`)
  const more = Math.min(pool.jobs - 1, fixed.length - 1)
  await Promise.all([early, ...Array.from({ length: Math.max(0, more) }, statics.lane)])
  results.push(...statics.results)
  if (fixed.length) log(`dsh mutate: ${plural(fixed.length, 'static mutant')}, a worker each, done ${clock()} later`)
  return { results, skipped: coverage.skipped }
}

/** Seconds since the last call, as `1.2 s`. */
function stopwatch(): () => string {
  let last = performance.now()
  return () => {
    const now = performance.now()
    const text = `${((now - last) / 1000).toFixed(1)} s`
    last = now
    return text
  }
}

function assertLoaded(targets: readonly Target[], coverage: CoveragePass): void {
  const unloaded = targets.filter((target) => !coverage.loaded.includes(target.path))
  if (unloaded.length === 0) return
  throw new MutateError(
    'not-loaded',
    `dsh mutate: no scenario loads ${unloaded.map((target) => target.path).join(', ')}, so no mutant there can be ` +
      'judged; add a scenario whose composition loads it (its plugin in cordis.yml or a scenario overlay), or ' +
      'leave the file out',
  )
}
