// The coverage pass: every runnable scenario once, unmutated, its coverage recorded under its
// name (split over the workers). It is also the baseline: a scenario that fails here would make
// every mutant look killed, so it is a named error; one the host cannot run (a sandbox tier it
// lacks) is left out, and said so.
import { MutateError } from './errors.ts'
import type { Coverage } from './model.ts'
import type { BaselineRun } from './protocol.ts'
import { assertBaselinePasses } from './baseline.ts'
import type { MutateWorkerProcess } from './worker-process.ts'

export interface CoveragePass extends Coverage {
  runnable: string[]
  /** Scenario → why this host cannot run it. */
  skipped: Record<string, string>
}

const COVERAGE_LIMIT_MS = 600_000

export async function coveragePass(
  workers: readonly MutateWorkerProcess[],
  names: readonly string[],
): Promise<CoveragePass> {
  const share = (index: number) => names.filter((_, at) => at % workers.length === index)
  const replies = await Promise.all(
    workers.map((worker, index) => worker.ask({ type: 'coverage', names: share(index) }, COVERAGE_LIMIT_MS)),
  )
  const pass: CoveragePass = { perScenario: {}, static: {}, loaded: [], durations: {}, runnable: [], skipped: {} }
  const runs: BaselineRun[] = []
  for (const reply of replies) {
    if (reply.type !== 'coverage') {
      const why = reply.type === 'exit' ? `it ${reply.why}${reply.hung ? ' (hung)' : ''}` : `it answered ${reply.type}`
      throw new MutateError('corpus-fails', `dsh mutate: the coverage pass did not finish: ${why}; run dsh test first`)
    }
    Object.assign(pass.perScenario, reply.perScenario)
    for (const [id, hits] of Object.entries(reply.static)) pass.static[id] = (pass.static[id] ?? 0) + hits
    pass.loaded = [...new Set([...pass.loaded, ...reply.loaded])]
    runs.push(...reply.runs)
  }
  for (const run of runs) {
    pass.durations[run.name] = run.durationMs
    if (run.stoppedForTier) pass.skipped[run.name] = `needs the ${run.stoppedForTier} sandbox`
    else if (run.ok) pass.runnable.push(run.name)
  }
  assertBaselinePasses(runs)
  return pass
}
