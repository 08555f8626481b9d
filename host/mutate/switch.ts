// The instrumented code's shared state (`globalThis.__stryker__`): which mutant is active, the
// coverage it records, and the hit limit that stops a mutant's runaway loop. The env var
// `__STRYKER_ACTIVE_MUTANT__` seeds `activeMutant` when the first instrumented module loads.

export const ACTIVE_MUTANT_ENV = '__STRYKER_ACTIVE_MUTANT__'

interface StrykerState {
  activeMutant?: string
  currentTestId?: string
  hitCount?: number
  hitLimit?: number
  mutantCoverage?: { static: Record<string, number>; perTest: Record<string, Record<string, number>> }
}

export function strykerState(): StrykerState {
  const global = globalThis as { __stryker__?: StrykerState }
  global.__stryker__ ??= {}
  return global.__stryker__
}
