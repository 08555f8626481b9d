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
  /** How many scenarios run (the folders with a snapshot.yml when `names` is undefined). */
  count: number
}

/**
 * Without --jobs, no more workers than this many scenarios each keep busy: a worker pays ~0.35 s of
 * CPU to start and runs its first scenarios cold, which a few scenarios in this process never repay
 * (docs/ci.md). Two named scenarios run here in ~20 ms; two workers would take ~0.7 s.
 */
const SCENARIOS_PER_DEFAULT_WORKER = 25

/**
 * --jobs N: 1 ≤ N ≤ MAX_JOBS. Not given: the machine's cores, but at most one worker per
 * SCENARIOS_PER_DEFAULT_WORKER of the `scenarios` selected (1: in this process).
 */
export function jobsOption(values: OptionValues, scenarios: number): number {
  const text = stringOption(values, 'jobs')
  if (text === undefined)
    return Math.max(1, Math.min(availableParallelism(), Math.floor(scenarios / SCENARIOS_PER_DEFAULT_WORKER)))
  const jobs = Number(text)
  if (!/^\d+$/.test(text) || jobs < 1 || jobs > MAX_JOBS)
    throw new UsageError(
      `--jobs must be a whole number from 1 to ${MAX_JOBS} (worker processes; 1 runs in this process), got "${text}"`,
    )
  return jobs
}

/**
 * The start line's account of --jobs: how the scenarios run (worker processes, in this process, or a
 * subprocess each) and why, so a choice the user did not expect is never silent.
 */
export function describeJobs(values: OptionValues, jobs: number, scenarios: number, subprocess: boolean): string {
  const given = stringOption(values, 'jobs') !== undefined
  const workers = Math.min(jobs, scenarios)
  if (workers > 1)
    return `${workers} worker processes (${given ? `--jobs ${jobs}` : `default: one per ${SCENARIOS_PER_DEFAULT_WORKER} scenarios, at most ${availableParallelism()} cores`})`
  const host = subprocess ? 'a subprocess per scenario' : 'in-process'
  if (given)
    return `${host} (--jobs ${jobs}${jobs > 1 ? `, but ${scenarios} scenario${scenarios === 1 ? '' : 's'}` : ''})`
  if (availableParallelism() < 2) return `${host} (default: this machine has one core)`
  return `${host} (default: workers start at ${2 * SCENARIOS_PER_DEFAULT_WORKER} scenarios, one per ${SCENARIOS_PER_DEFAULT_WORKER})`
}

export async function selectedNames(root: string, positionals: string[], values: OptionValues): Promise<Selection> {
  // Loaded on use: `dsh serve` starts without the test host's modules.
  const select = await import('../../snapshot/scenario/select.ts')
  const shardText = stringOption(values, 'shard')
  const durationsFile = stringOption(values, 'durations')
  if (durationsFile && !shardText) throw new UsageError('--durations balances --shard I/N; give --shard too')
  try {
    if (!positionals.length && !shardText) return { count: select.listScenarioNames(root).length }
    const selected = select.selectScenarioNames(positionals, select.listScenarioNames(root))
    if (!shardText) return { names: selected, selected, count: selected.length }
    const shard = select.parseShard(shardText)
    const { balancedShardOf, readDurations } = await import('../../snapshot/scenario/shard-balance.ts')
    const durations = durationsFile ? readDurations(durationsFile) : new Map<string, number>()
    const names = balancedShardOf(selected, shard, durations)
    return { names, selected, shard, count: names.length }
  } catch (error) {
    if (error instanceof select.ScenarioSelectionError) throw new UsageError(error.message)
    throw error
  }
}
