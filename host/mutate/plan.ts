// Which scenarios each mutant runs against (pure): those whose unmutated run reached its code,
// quickest first and, among them, those that killed most so far first (a killed mutant stops at
// its first failing scenario). A mutant reached only while modules loaded (static) runs in a
// worker of its own, started with it active, against every scenario that loaded its file.
import type { Coverage, MutantInfo } from './model.ts'

export interface MutantPlan {
  mutant: MutantInfo
  /** The scenarios that reached it, in the order to try them; empty: no coverage. */
  scenarios: string[]
  /** Reached as its module loaded: switching it on later would not reach that code again. */
  static: boolean
  /** Runs of its code in the coverage pass: the hit limit is a multiple of it. */
  hits: number
}

export function planMutants(
  mutants: readonly MutantInfo[],
  coverage: Coverage,
  runnable: readonly string[],
): MutantPlan[] {
  const byDuration = [...runnable].sort((a, b) => (coverage.durations[a] ?? 0) - (coverage.durations[b] ?? 0))
  return mutants.map((mutant) => {
    const reached = byDuration.filter((name) => coverage.perScenario[name]?.[mutant.switchId])
    const hits = reached.reduce((sum, name) => sum + (coverage.perScenario[name]?.[mutant.switchId] ?? 0), 0)
    const isStatic = (coverage.static[mutant.switchId] ?? 0) > 0
    return { mutant, scenarios: isStatic ? byDuration : reached, static: isStatic, hits }
  })
}

/** Killers first (most kills so far), then the planned order: stable, so equal scenarios keep their place. */
export function orderByKills(scenarios: readonly string[], kills: ReadonlyMap<string, number>): string[] {
  return [...scenarios].sort((a, b) => (kills.get(b) ?? 0) - (kills.get(a) ?? 0))
}

/** Generous: a mutant that runs its code 100 times as often as the whole corpus did is looping. */
export function hitLimit(hits: number): number {
  return Math.max(10_000, hits * 100)
}
