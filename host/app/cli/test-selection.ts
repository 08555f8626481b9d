// Which scenarios `dsh test` runs: the names and globs on the command line, then its shard of them
// (--shard I/N, balanced by the durations of an earlier report with --durations FILE), and how many
// worker processes run them (--jobs N). Usage mistakes are UsageErrors (exit 2).
import { availableParallelism } from 'node:os'
import { UsageError, stringOption, type OptionValues } from './command.ts'
import type { Shard } from '../../snapshot/scenario/select.ts'

/** More workers than this is a typo, not a machine: each one is a whole composition. */
const MAX_JOBS = 64

export interface Selection {
  /** What runs; undefined: every scenario. */
  names?: string[]
  /** The selection before sharding (undefined: every scenario) and the shard, for the report blob. */
  selected?: string[]
  shard?: Shard
}

/** --jobs N: 1 ≤ N ≤ MAX_JOBS; default the machine's cores. */
export function jobsOption(values: OptionValues): number {
  const text = stringOption(values, 'jobs')
  if (text === undefined) return availableParallelism()
  const jobs = Number(text)
  if (!/^\d+$/.test(text) || jobs < 1 || jobs > MAX_JOBS)
    throw new UsageError(
      `--jobs must be a whole number from 1 to ${MAX_JOBS} (worker processes; 1 runs in this process), got "${text}"`,
    )
  return jobs
}

export async function selectedNames(root: string, positionals: string[], values: OptionValues): Promise<Selection> {
  // Loaded on use: `dsh serve` starts without the test host's modules.
  const select = await import('../../snapshot/scenario/select.ts')
  const shardText = stringOption(values, 'shard')
  const durationsFile = stringOption(values, 'durations')
  if (durationsFile && !shardText) throw new UsageError('--durations balances --shard I/N; give --shard too')
  try {
    if (!positionals.length && !shardText) return {}
    const selected = select.selectScenarioNames(positionals, select.listScenarioNames(root))
    if (!shardText) return { names: selected, selected }
    const shard = select.parseShard(shardText)
    const { balancedShardOf, readDurations } = await import('../../snapshot/scenario/shard-balance.ts')
    const durations = durationsFile ? readDurations(durationsFile) : new Map<string, number>()
    return { names: balancedShardOf(selected, shard, durations), selected, shard }
  } catch (error) {
    if (error instanceof select.ScenarioSelectionError) throw new UsageError(error.message)
    throw error
  }
}
