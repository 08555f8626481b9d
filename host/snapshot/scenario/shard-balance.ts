// `--shard I/N --durations FILE`: shards of about equal running time, from the durations a
// previous report recorded. Longest first, each onto the shard with the least time so far (ties:
// the lower index); a scenario the report does not know counts as the median of those it does.
// It depends only on the names, the durations and N, so every CI machine computes the same split.
// Pure apart from readDurations.
import { readFileSync } from 'node:fs'
import { ScenarioSelectionError, shardOf, type Shard } from './select.ts'

export function balancedShardOf(names: readonly string[], shard: Shard, durations: ReadonlyMap<string, number>) {
  const known = [...durations.values()].sort((a, b) => a - b)
  const median = known[Math.floor(known.length / 2)]
  // No durations known: spread by count.
  if (median === undefined) return shardOf(names, shard)
  // At least 1 ms each: a report of 0 ms scenarios still spreads them by count.
  const cost = (name: string) => Math.max(1, durations.get(name) ?? median)
  const order = [...new Set(names)].sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : a > b ? 1 : 0))
  const loads = new Array<number>(shard.count).fill(0)
  const mine: string[] = []
  for (const name of order) {
    // The first of the lightest shards takes the next heaviest scenario.
    const least = Math.min(...loads)
    const lightest = loads.indexOf(least)
    loads[lightest] = least + cost(name)
    if (lightest === shard.index - 1) mine.push(name)
  }
  return mine.sort()
}

/** Each scenario's `durationMs` in a JSON report `dsh test --report` (or `dsh report merge`) wrote. */
export function readDurations(file: string): Map<string, number> {
  let report: { scenarios?: Array<{ scenario?: unknown; durationMs?: unknown }> }
  try {
    report = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ScenarioSelectionError(
      `--durations ${file}: ${(error as Error).message}; give the JSON report of an earlier dsh test --report FILE`,
    )
  }
  if (!Array.isArray(report?.scenarios))
    throw new ScenarioSelectionError(
      `--durations ${file} is not a dsh test JSON report (no "scenarios" list); give one dsh test --report wrote`,
    )
  const durations = new Map<string, number>()
  for (const entry of report.scenarios)
    if (typeof entry.scenario === 'string' && typeof entry.durationMs === 'number' && entry.durationMs >= 0)
      durations.set(entry.scenario, entry.durationMs)
  return durations
}
