// The unmutated pass must pass: a scenario that fails with no mutant active would make every
// mutant look killed. Scenarios this host cannot run (a sandbox tier it lacks) are left out, not failures.
import { MutateError } from './errors.ts'
import type { BaselineRun } from './protocol.ts'

export function assertBaselinePasses(runs: readonly BaselineRun[]): void {
  const failed = runs.filter((run) => !run.ok && !run.stoppedForTier)
  if (failed.length === 0) return
  const lines = failed.map((run) => `  ${run.name}: ${(run.failure ?? 'failed').split('\n')[0]}`)
  throw new MutateError(
    'corpus-fails',
    `dsh mutate: the corpus fails with no mutant active (${failed.length} of ${runs.length} scenarios), so a ` +
      `mutant's failure would prove nothing:\n${lines.join('\n')}\nmake \`dsh test\` pass first`,
  )
}
