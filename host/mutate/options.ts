// What `dsh mutate` is asked to do (the CLI's options, and dsh/host callers').
import type { CompositionChoice } from '../snapshot/run/composition.ts'
import type { MutantResult } from './model.ts'

export interface MutateOptions extends CompositionChoice {
  root: string
  files: readonly string[]
  sample?: number
  since?: string
  /** Worker processes; default the cores. */
  jobs?: number
  timeoutMs?: number
  /** The cache file; default in $XDG_CACHE_HOME/dsh/mutate (./cache.ts). */
  cache?: string
  /** Run every mutant: read nothing from the cache (the results still go into it). */
  fresh?: boolean
  signal?: AbortSignal
  log?(line: string): void
  onResult?(result: MutantResult): void
}
