// What `dsh test --jobs` says to its worker processes over their IPC channel, and back. The setup
// travels as the worker's one argument (JSON); outcomes come back structured-cloned.
import type { RunMode } from '../../core/fixtures.ts'
import type { ScenarioOutcome } from '../../plugin/outcome.ts'
import type { TestComposition } from '../../plugin/patches.ts'

/** Everything a worker needs to boot its own host composition and run any scenario of the corpus. */
export interface WorkerSetup {
  repoRoot: string
  composition?: TestComposition
  mode: RunMode
  pending?: boolean
  stub?: boolean
  subprocess?: boolean
  timeoutMs?: number
}

export type ToWorker = { type: 'run'; name: string } | { type: 'stop' }

export type FromWorker =
  | { type: 'ready' }
  | { type: 'outcome'; name: string; outcome: ScenarioOutcome }
  /** The worker could not start (its composition did not boot): the run stops, as without --jobs. */
  | { type: 'broken'; message: string }
