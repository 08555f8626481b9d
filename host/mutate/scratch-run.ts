// The run proper: instrumented copies in a scratch folder (removed however the run ends), workers
// that load them, the coverage pass, then the mutants: switched in the running workers, or, for
// static ones, a worker each. Each phase's time goes to the log.
import { plural } from '../../lib/plural.ts'
import { rmSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { resolveComposition } from '../snapshot/run/composition.ts'
import { discoverScenarios } from '../snapshot/scenario/discover.ts'
import { coveragePass, type CoveragePass } from './coverage.ts'
import { MutateError } from './errors.ts'
import type { InstrumentedFile } from './instrument.ts'
import type { MutantInfo, MutantResult } from './model.ts'
import { planMutants } from './plan.ts'
import { readyWorker, runDynamic, runStatic, type PoolOptions } from './pool.ts'
import type { MutateOptions } from './options.ts'
import type { Target } from './targets.ts'

type ResolvedOptions = MutateOptions & { composition: ReturnType<typeof resolveComposition> }

interface ScratchResult {
  results: MutantResult[]
  skipped: Record<string, string>
}

export async function runInScratch(
  targets: readonly Target[],
  instrumented: readonly InstrumentedFile[],
  mutants: readonly MutantInfo[],
  options: ResolvedOptions,
): Promise<ScratchResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'dsh-mutate-'))
  // A second Ctrl-C exits at once: the copies still go.
  const removeNow = () => rmSync(scratch, { recursive: true, force: true })
  process.on('exit', removeNow)
  try {
    const copies: Record<string, string> = {}
    for (const [index, target] of targets.entries()) {
      const copy = join(scratch, `${index}.mjs`)
      await writeFile(copy, instrumented[index]!.code)
      copies[target.absolute] = copy
    }
    return await runWorkers(targets, copies, mutants, options)
  } finally {
    process.off('exit', removeNow)
    await rm(scratch, { recursive: true, force: true })
  }
}

async function runWorkers(
  targets: readonly Target[],
  copies: Record<string, string>,
  mutants: readonly MutantInfo[],
  options: ResolvedOptions,
): Promise<ScratchResult> {
  const log = options.log ?? (() => {})
  const clock = stopwatch()
  const { scenarios } = await discoverScenarios(options.root, { mode: 'replay' })
  const setup = { repoRoot: options.root, composition: options.composition, copies, timeoutMs: options.timeoutMs }
  const pool: PoolOptions = {
    setup,
    fromSource: targets.some((target) => target.ownSource),
    corpus: scenarios,
    jobs: Math.max(1, options.jobs ?? availableParallelism()),
    durations: {},
    signal: options.signal,
    onResult: options.onResult,
  }
  const workers = await Promise.all(Array.from({ length: pool.jobs }, () => readyWorker(pool)))
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
  results.push(...(await runDynamic(dynamic, workers, pool)))
  log(`dsh mutate: ${plural(dynamic.length, 'mutant')} switched in the running workers in ${clock()}`)
  const fixed = covered.filter((plan) => plan.static)
  results.push(...(await runStatic(fixed, pool)))
  if (fixed.length) log(`dsh mutate: ${plural(fixed.length, 'static mutant')}, a worker each, in ${clock()}`)
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
