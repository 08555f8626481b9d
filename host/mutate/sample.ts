// --sample N: a stratified, seeded sample (pure): every (file, mutator) stratum keeps its share of
// N, at least one mutant where N allows, so a small sample still touches every kind of change.
import type { MutantInfo } from './model.ts'

export function sampleMutants<T extends Pick<MutantInfo, 'id' | 'file' | 'mutator'>>(
  mutants: readonly T[],
  size: number,
): T[] {
  if (size >= mutants.length) return [...mutants]
  const strata = new Map<string, T[]>()
  for (const mutant of mutants) {
    const key = `${mutant.file}\u0000${mutant.mutator}`
    strata.set(key, [...(strata.get(key) ?? []), mutant])
  }
  const keys = [...strata.keys()].sort()
  const quota = new Map(keys.map((key) => [key, Math.floor((strata.get(key)!.length * size) / mutants.length)]))
  // The remainder goes to the strata with the largest fractional shares (ties: the larger stratum).
  let left = size - [...quota.values()].reduce((a, b) => a + b, 0)
  const byRemainder = [...keys].sort(
    (a, b) => fraction(strata, b, size, mutants.length) - fraction(strata, a, size, mutants.length),
  )
  for (const key of byRemainder) {
    if (left === 0) break
    quota.set(key, quota.get(key)! + 1)
    left--
  }
  const picked = new Set(keys.flatMap((key) => spread(strata.get(key)!, quota.get(key)!).map((m) => m.id)))
  return mutants.filter((mutant) => picked.has(mutant.id))
}

function fraction<T>(strata: Map<string, T[]>, key: string, size: number, total: number): number {
  const share = (strata.get(key)!.length * size) / total
  return share - Math.floor(share)
}

/** `count` items evenly spread over the stratum (deterministic: the same file gives the same sample). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count <= 0) return []
  const step = items.length / count
  return Array.from({ length: count }, (_, index) => {
    // index * step + step / 2 < items.length for every index < count: each pick is an item.
    const item = items[Math.floor(index * step + step / 2)]
    if (item === undefined) throw new Error(`sample: pick ${index + 1} of ${count} is past ${items.length} items`)
    return item
  })
}
