// Determinism over time: the whole corpus replayed DETERMINISM_RUNS times in one process, through
// the snapshot service in one live host composition, and the number of distinct outcomes (every
// scenario's verdict and both normalized surfaces) among those runs. Not timed against a target:
// the finding is `distinct`, which must be 1.
import { DeterminismTally, type Divergence } from '../../host/snapshot/core/determinism.ts'
import { pinsFirst } from '../../host/snapshot/service/select.ts'
import { bootHostComposition } from '../../host/snapshot/run/host-composition.ts'
import { discoverScenarios } from '../../host/snapshot/scenario/discover.ts'
import { failureMessages } from '../../host/snapshot/model/failure.ts'

const DETERMINISM_RUNS = 100

export interface DeterminismResult {
  scenarios: number
  runs: number
  distinct: number
  /** Each outcome other than run 1's: where it first appeared and which scenarios differ. */
  divergences: Divergence[]
  /** Scenarios that failed in some run (name and its first failure line), at most one entry each. */
  failing: Array<{ scenario: string; run: number; failure: string }>
  wallMs: number
}

export async function benchDeterminism(
  repoRoot: string,
  runs = DETERMINISM_RUNS,
  onRun?: (run: number, tally: DeterminismTally) => void,
): Promise<DeterminismResult> {
  const { scenarios: corpus } = await discoverScenarios(repoRoot)
  const scenarios = pinsFirst(corpus)
  const tally = new DeterminismTally()
  const failing = new Map<string, { scenario: string; run: number; failure: string }>()
  const started = performance.now()
  const host = await bootHostComposition({ repoRoot, mode: 'replay' })
  try {
    for (let run = 1; run <= runs; run++) {
      const { outcomes } = await host.snapshot.runBatch({ scenarios, corpus, repoRoot, mode: 'replay' })
      for (const outcome of outcomes) {
        if (!outcome.ok && !failing.has(outcome.scenario))
          failing.set(outcome.scenario, {
            scenario: outcome.scenario,
            run,
            failure: firstLine(failureMessages(outcome.failures)),
          })
      }
      tally.add(outcomes)
      onRun?.(run, tally)
    }
  } finally {
    await host.dispose()
  }
  return {
    scenarios: scenarios.length,
    runs: tally.runs,
    distinct: tally.distinct,
    divergences: tally.divergences,
    failing: [...failing.values()],
    wallMs: performance.now() - started,
  }
}

function firstLine(failures: readonly string[]): string {
  const line = failures.join('\n').trim().split('\n')[0] ?? ''
  return line.length > 160 ? `${line.slice(0, 160)}…` : line
}
