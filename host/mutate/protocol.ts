// What `dsh mutate` says to its worker processes over IPC, and back. The setup travels as the
// worker's one argument (JSON); the corpus goes structured-cloned, once.
import type { TestComposition } from '../snapshot/service/patches.ts'
import type { LoadedScenario } from '../snapshot/scenario/discover.ts'

export interface MutateWorkerSetup {
  repoRoot: string
  composition?: TestComposition
  /** Target file (absolute) → its instrumented copy in the scratch folder. */
  copies: Record<string, string>
  timeoutMs?: number
}

/** How one scenario's unmutated run went, as the coverage pass reports it. */
export interface BaselineRun {
  name: string
  ok: boolean
  durationMs: number
  /** The sandbox tier the scenario needs and this host lacks: it cannot run here, mutated or not. */
  stoppedForTier?: string
  /** The first failure's message, when it failed. */
  failure?: string
}

export type ToMutateWorker =
  | { type: 'corpus'; scenarios: LoadedScenario[] }
  /** The unmutated pass: each scenario with coverage recorded under its name. */
  | { type: 'coverage'; names: string[] }
  /** Run `names` in order with `switchId` active, until one fails; `hitLimit` turns a runaway loop into a timeout. */
  | { type: 'mutant'; switchId: string; names: string[]; hitLimit: number }
  | { type: 'stop' }

export type FromMutateWorker =
  | { type: 'ready' }
  | { type: 'broken'; message: string }
  | {
      type: 'coverage'
      runs: BaselineRun[]
      perScenario: Record<string, Record<string, number>>
      static: Record<string, number>
      loaded: string[]
    }
  | { type: 'verdict'; killedBy?: string; timedOut?: boolean }
