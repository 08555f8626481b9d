// Which scenarios `dsh test` runs: the names and globs on the command line, then its shard of them
// (--shard I/N, balanced by the durations of an earlier report with --durations FILE), and how many
// worker processes run them (--jobs N). Usage mistakes are UsageErrors (exit 2).
import { availableParallelism } from 'node:os'
import { docFile } from '../../../lib/package-root.ts'
import { plural } from '../../../lib/plural.ts'
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
 * Without --jobs, the selection runs in this process below this many scenarios: on an idle 2-core
 * machine `npm run bench -- --only scale-corpus` measured --jobs 2 at 0.82× --jobs 1 for 62 scenarios,
 * 1.03× for 250 and 1.29× for 1,000 (`jobs_threshold=250`; the fitted lines cross at 176: docs/ci.md,
 * "When workers pay off"). A worker's start and cold first pass are repaid only by a long run.
 */
const WORKERS_PAY_OFF_AT = 250

/** How many worker processes run the selection (1: this process), and why, for the first line of output. */
interface JobsChoice {
  jobs: number
  why: string
}

/**
 * --jobs N: 1 ≤ N ≤ MAX_JOBS. Not given: in this process below WORKERS_PAY_OFF_AT scenarios or on
 * one core, else one worker per core.
 */
export function jobsOption(values: OptionValues, scenarios: number, cores = availableParallelism()): JobsChoice {
  const text = stringOption(values, 'jobs')
  if (text === undefined) return defaultJobs(scenarios, cores)
  const jobs = Number(text)
  if (!/^\d+$/.test(text) || jobs < 1 || jobs > MAX_JOBS)
    throw new UsageError(
      `--jobs must be a whole number from 1 to ${MAX_JOBS} (worker processes; 1 runs in this process), got "${text}"`,
    )
  return { jobs, why: `--jobs ${jobs}` }
}

function defaultJobs(scenarios: number, cores: number): JobsChoice {
  const doc = docFile('ci.md')
  if (cores < 2) return { jobs: 1, why: `default: this machine has 1 core, so workers cannot pay off (${doc})` }
  const measured = `the ${WORKERS_PAY_OFF_AT} from which workers pay off, as measured on 2 cores (${doc})`
  const count = plural(scenarios, 'scenario')
  if (scenarios < WORKERS_PAY_OFF_AT) return { jobs: 1, why: `default: ${count}, below ${measured}` }
  return { jobs: Math.min(cores, MAX_JOBS), why: `default: one worker per core for ${count}, at least ${measured}` }
}

/** `2 workers (default: …)`, `in-process (--jobs 1)`: how the start line says where scenarios run and why. */
export function hostLabel(choice: JobsChoice, scenarios: number, subprocess: boolean): string {
  if (subprocess) return 'subprocess'
  if (choice.jobs > 1 && scenarios > 1) return `${choice.jobs} workers (${choice.why})`
  if (choice.jobs > 1)
    return `in-process (${choice.why}, but one scenario runs here: a worker would only add its start)`
  return `in-process (${choice.why})`
}

export async function selectedNames(root: string, positionals: string[], values: OptionValues): Promise<Selection> {
  // Loaded on use: `dsh serve` starts without the test host's modules.
  const select = await import('../../snapshot/scenario/select.ts')
  const shardText = stringOption(values, 'shard')
  const durationsFile = stringOption(values, 'durations')
  if (durationsFile && !shardText) throw new UsageError('--durations balances --shard I/N; give --shard too')
  // A bad name, glob or shard is a ScenarioSelectionError: a UsageError (exit 2).
  if (!positionals.length && !shardText) return { count: select.listScenarioNames(root).length }
  const selected = select.selectScenarioNames(positionals, select.listScenarioNames(root))
  if (!shardText) return { names: selected, selected, count: selected.length }
  const shard = select.parseShard(shardText)
  const { balancedShardOf, readDurations } = await import('../../snapshot/scenario/shard-balance.ts')
  const durations = durationsFile ? readDurations(durationsFile) : new Map<string, number>()
  const names = balancedShardOf(selected, shard, durations)
  return { names, selected, shard, count: names.length }
}
