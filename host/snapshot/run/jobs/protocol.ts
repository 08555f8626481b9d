// What `dsh test --jobs` says to its worker processes over their IPC channel, and back. The setup
// travels as the worker's one argument (JSON); the corpus and outcomes go structured-cloned.
import type { RunMode } from '../../model/modes.ts'
import type { ScenarioOutcome } from '../../model/outcome.ts'
import type { TestComposition } from '../../service/patches.ts'
import type { LoadedScenario } from '../../scenario/discover.ts'

/** Everything a worker needs to boot its own host composition, before the corpus is known. */
export interface WorkerSetup {
  repoRoot: string
  composition?: TestComposition
  mode: RunMode
  pending?: boolean
  stub?: boolean
  subprocess?: boolean
  timeoutMs?: number
  /** Send each outcome's surfaces and expected golden back (kept-outcome.ts); default true. */
  keepSurfaces?: boolean
}

/** `corpus`: the parent's discovered corpus (cross-scenario rules need all of it), sent once: no worker discovers. */
export type ToWorker =
  | { type: 'corpus'; scenarios: LoadedScenario[] }
  | { type: 'run'; name: string }
  /** The run is interrupted: scenarios sent and not yet started are answered `dropped`, not run. */
  | { type: 'drop' }
  | { type: 'stop' }

export type FromWorker =
  | { type: 'ready' }
  | { type: 'outcome'; name: string; outcome: ScenarioOutcome }
  | { type: 'dropped'; name: string }
  /** The worker could not start (its composition did not boot): the run stops, as without --jobs. */
  | { type: 'broken'; message: string }
