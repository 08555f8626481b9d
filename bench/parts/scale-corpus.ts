// `scale-corpus` (issue 44): a generated corpus of N recorded scenarios (bench/scale-corpus-gen.ts)
// in a temp folder removed when the part ends, even on Ctrl-C. At N = 62, 250 and the full size it
// times `dsh test` with --jobs 1, --jobs 2 and the default (interleaved, the built dsh), the parent's
// peak RSS and the cost per scenario; at the full size also the vitest suite over the same corpus
// and `--shard 1/2` + `2/2` + `dsh report merge`. `jobs_threshold` is the smallest size measured
// where --jobs 2 beats --jobs 1: the default's threshold (docs/ci.md) comes from it.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { packageFile } from '../../lib/package-root.ts'
import { timeInterleaved, type SampleOptions } from '../sample.ts'
import { writeCorpus, type ScenarioKind } from '../scale-corpus-gen.ts'
import { timedSpawnOk, type SpawnOutcome } from '../spawn-timer.ts'
import { reapedChildrenCpuMs, type CpuSplit } from '../child-cpu.ts'
import { processCpuEnv, readProcessCpu, renderProcessCpu, type ProcessCpu } from '../process-cpu.ts'
import { median } from '../stats.ts'
import { cpuBound, jobsCrossover, rssGrowth, splitReading } from '../scale-fit.ts'
import { measureCoreEfficiency } from '../core-efficiency.ts'
import { jobsCeiling } from './jobs.ts'
import { availableParallelism } from 'node:os'
import { withTempFolder } from '../temp-folder.ts'

/** The sizes measured besides the full one: the repository's corpus then, and a mid-size one. */
const SMALLER_SIZES = [62, 250]

export interface ScaleCorpusRow {
  size: number
  kinds: Record<ScenarioKind, number>
  /** Median wall ms per variant. */
  jobs1Ms: number
  jobs2Ms: number
  defaultMs: number
  /** What the default chose, from the first line `dsh test` printed. */
  defaultChoice: string
  /** Peak RSS of the `dsh test` process (KiB), --jobs 1 and --jobs 2. */
  rssKb: { jobs1?: number; jobs2?: number }
  /** Median CPU of --jobs 1 (the process and its children): the ceiling's input. */
  jobs1CpuMs: number
  /** Median CPU of --jobs 2: the parent, its workers and their children. */
  jobs2CpuMs: number
  /** The same CPU, user and system (kernel) time apart: medians of each. */
  cpuSplit: { jobs1?: CpuSplit; jobs2?: CpuSplit }
  /** At the largest size, the last run's CPU per process (../process-cpu.ts). */
  processCpu?: { jobs1?: ProcessCpu; jobs2?: ProcessCpu }
  /**
   * At the largest size, two corpora of half the size, each run by its own `dsh test --jobs 1`,
   * started together: median wall ms (until both end) and median CPU of both.
   */
  splitMs?: number
  splitCpuMs?: number
}

export interface ScaleCorpusResult {
  lines: string[]
  rows: ScaleCorpusRow[]
  /** The smallest size where --jobs 2 was faster than --jobs 1; undefined when none was. */
  threshold?: number
  /** Where the fitted wall-time lines of --jobs 1 and --jobs 2 cross (scale-fit.ts); undefined: never. */
  crossover?: number
  /** Issue 44's targets, at the largest size: --jobs 2's speedup over the ceiling there (≥ 0.9). */
  jobsOverCeiling?: number
  /**
   * CPU of --jobs 2 over --jobs 1 at the largest size: what the workers add (their starts, the
   * parent, two busy cores slowing each other). With it, --jobs 2 cannot pass ceiling / cpuRatio.
   */
  cpuRatio?: number
  /**
   * A fixed job on every core at once, over its speed alone (../core-efficiency.ts): below 1, the cores
   * slow each other and --jobs 2 cannot pass ceiling × this, whatever dsh does.
   */
  coreEfficiency?: number
  /** Cost per scenario (--jobs 1) at the largest size over the next (≤ 1.1). */
  growth?: number
  /** Parent peak RSS growth over corpus growth, next to largest size, --jobs 1 and --jobs 2 (≤ 0.5). */
  rssGrowth?: { jobs1: number; jobs2: number }
}

export async function benchScaleCorpus(
  repoRoot: string,
  size: number,
  base: SampleOptions,
): Promise<ScaleCorpusResult> {
  const sizes = [...new Set([...SMALLER_SIZES.filter((n) => n < size), size])]
  const runs = { warmup: 0, runs: Math.min(base.runs, 3) }
  return withTempFolder('dsh-bench-scale-corpus-', async (folder) => {
    const rows: ScaleCorpusRow[] = []
    const extra: string[] = []
    for (const n of sizes) {
      const root = path.join(folder, `n${n}`)
      const kinds = writeCorpus(path.join(repoRoot, 'scenarios'), root, n)
      const largest = n === size ? { cpuLogs: folder, halves: writeHalves(repoRoot, folder, n) } : undefined
      rows.push(await measureSize(repoRoot, root, n, kinds, runs, largest))
      if (n === size) extra.push(...(await shardAndVitest(repoRoot, root, runs)))
    }
    const threshold = rows.find((row) => row.jobs2Ms < row.jobs1Ms)?.size
    const { efficiency: coreEfficiency } = await measureCoreEfficiency(folder)
    const readings = { threshold, crossover: jobsCrossover(rows), coreEfficiency, ...largestSize(rows) }
    return { rows, ...readings, lines: renderLines(rows, readings, extra) }
  })
}

async function measureSize(
  repoRoot: string,
  root: string,
  size: number,
  kinds: Record<ScenarioKind, number>,
  runs: SampleOptions,
  /**
   * The largest size only: where the processes write their CPU (else not measured per process), and
   * two corpora of half the size for the split variant.
   */
  largest?: { cpuLogs: string; halves: readonly [string, string] },
): Promise<ScaleCorpusRow> {
  const cpuLogs = largest?.cpuLogs
  const log = (name: string) => cpuLogs && path.join(cpuLogs, `process-cpu-${name}.jsonl`)
  const last: Record<string, SpawnOutcome> = {}
  const cpu = { '1': [] as number[], '2': [] as number[], default: [] as number[] }
  const splits = { '1': [] as CpuSplit[], '2': [] as CpuSplit[], default: [] as CpuSplit[] }
  const variant = (name: keyof typeof cpu, args: string[]) => async () => {
    const logFile = name === 'default' ? undefined : log(name)
    const env = logFile ? processCpuEnv(logFile, quietEnv()) : quietEnv()
    const outcome = await dsh(repoRoot, ['test', '--root', root, ...args], true, env)
    last[name] = outcome
    cpu[name].push(outcome.cpuMs ?? Number.NaN)
    if (outcome.cpu) splits[name].push(outcome.cpu)
  }
  // Two halves at once, the largest size only: two dsh processes with nothing shared (splitReading).
  const splitCpu: number[] = []
  const split = (halves: readonly string[]) => async () => {
    const before = reapedChildrenCpuMs()
    await Promise.all(halves.map((half) => dsh(repoRoot, ['test', '--root', half, '--jobs', '1'])))
    const after = reapedChildrenCpuMs()
    splitCpu.push(before === undefined || after === undefined ? Number.NaN : after - before)
  }
  const [one, two, auto, splitTimes] = await timeInterleaved(
    [
      variant('1', ['--jobs', '1']),
      variant('2', ['--jobs', '2']),
      variant('default', []),
      ...(largest ? [split(largest.halves)] : []),
    ],
    runs,
  )
  return {
    size,
    kinds,
    jobs1Ms: median(one),
    jobs2Ms: median(two),
    defaultMs: median(auto),
    defaultChoice: last.default?.stderr.split('\n', 1)[0] ?? '',
    rssKb: { jobs1: last['1']?.peakRssKb, jobs2: last['2']?.peakRssKb },
    jobs1CpuMs: median(cpu['1'].slice(-runs.runs)),
    jobs2CpuMs: median(cpu['2'].slice(-runs.runs)),
    cpuSplit: {
      jobs1: medianSplit(splits['1'].slice(-runs.runs)),
      jobs2: medianSplit(splits['2'].slice(-runs.runs)),
    },
    ...(cpuLogs && { processCpu: { jobs1: perProcess(log('1'), last['1']), jobs2: perProcess(log('2'), last['2']) } }),
    ...(splitTimes && { splitMs: median(splitTimes), splitCpuMs: median(splitCpu.slice(-runs.runs)) }),
  }
}

const perProcess = (logFile: string | undefined, run: SpawnOutcome | undefined) =>
  logFile ? readProcessCpu(logFile, run?.cpu) : undefined

function medianSplit(runs: readonly CpuSplit[]): CpuSplit | undefined {
  if (!runs.length) return undefined
  return { userMs: median(runs.map((run) => run.userMs)), systemMs: median(runs.map((run) => run.systemMs)) }
}

/** User and system CPU of --jobs 1 and --jobs 2, and each one's ratio. */
function cpuSplitLine({ size, cpuSplit: { jobs1, jobs2 }, processCpu }: ScaleCorpusRow): string[] {
  if (!jobs1 || !jobs2) return []
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a')
  return [
    `jobs_cpu_split at N=${size}: --jobs 1 user ${ms(jobs1.userMs)} + system ${ms(jobs1.systemMs)}, ` +
      `--jobs 2 user ${ms(jobs2.userMs)} + system ${ms(jobs2.systemMs)} (user ` +
      `${ratio(jobs2.userMs, jobs1.userMs)}×, system ${ratio(jobs2.systemMs, jobs1.systemMs)}×)`,
    ...Object.entries(processCpu ?? {}).flatMap(([jobs, cpu]) =>
      cpu ? [`  per process, ${jobs.replace('jobs', '--jobs ')} (last run): ${renderProcessCpu(cpu)}`] : [],
    ),
  ]
}

/** Issue 44's ratios at the largest size (and the next one down). */
function largestSize(rows: readonly ScaleCorpusRow[]) {
  const [small, large] = [rows.at(-2), rows.at(-1)]
  if (!large) return {}
  const ceiling = jobsCeiling(availableParallelism(), large.jobs1Ms, large.jobs1CpuMs)
  const jobsOverCeiling = ceiling === undefined ? undefined : large.jobs1Ms / large.jobs2Ms / ceiling
  const { cpuRatio, bound } = cpuBound(ceiling, { jobs1Ms: large.jobs1CpuMs, jobs2Ms: large.jobs2CpuMs })
  const split = splitReading(large, ceiling)
  if (!small || small === large) return { jobsOverCeiling, ceiling, cpuRatio, bound, split }
  const cost = (row: ScaleCorpusRow) => row.jobs1Ms / row.size
  const rss = (jobs: 'jobs1' | 'jobs2') =>
    rssGrowth({ size: small.size, rssKb: small.rssKb[jobs] }, { size: large.size, rssKb: large.rssKb[jobs] })
  return {
    jobsOverCeiling,
    ceiling,
    cpuRatio,
    bound,
    split,
    growth: cost(large) / cost(small),
    rssGrowth: { jobs1: rss('jobs1'), jobs2: rss('jobs2') },
  }
}

/** Two corpora of half of `size` (the same scenarios in each, in the corpus's proportions) for the split variant. */
function writeHalves(repoRoot: string, folder: string, size: number): [string, string] {
  const half = (name: string) => {
    const root = path.join(folder, `n${size}-${name}`)
    writeCorpus(path.join(repoRoot, 'scenarios'), root, Math.ceil(size / 2))
    return root
  }
  return [half('half-a'), half('half-b')]
}

/** `--shard 1/2` + `2/2` + merge, and the vitest suite (one `defineSnapshotSuite` file) over the corpus. */
async function shardAndVitest(repoRoot: string, root: string, runs: SampleOptions): Promise<string[]> {
  const reports = [1, 2].map((i) => path.join(root, `shard-${i}.json`))
  const sharded = async () => {
    for (const [i, report] of reports.entries())
      await dsh(repoRoot, ['test', '--root', root, '--shard', `${i + 1}/2`, '--report', report])
    await dsh(repoRoot, ['report', 'merge', ...reports, '--report', path.join(root, 'merged.json')])
  }
  const suite = vitestSuite(repoRoot, root)
  const [shardTimes, vitestTimes] = await timeInterleaved([sharded, suite], runs)
  return [
    `--shard 1/2 + --shard 2/2 + dsh report merge (one after another): ${ms(median(shardTimes))}`,
    `vitest run (defineSnapshotSuite over the corpus, one file): ${ms(median(vitestTimes))}`,
  ]
}

function vitestSuite(repoRoot: string, root: string): () => Promise<unknown> {
  const suiteFile = packageFile('host', 'snapshot', 'vitest', 'define-snapshot-suite.ts')
  mkdirSync(path.join(root, 'tests'), { recursive: true })
  writeFileSync(
    path.join(root, 'tests', 'corpus.test.ts'),
    `import { defineSnapshotSuite } from ${JSON.stringify(suiteFile)}\n` +
      "await defineSnapshotSuite({ url: import.meta.url, root: '..', scenarios: 'all' })\n",
  )
  writeFileSync(path.join(root, 'vitest.config.mjs'), 'export default { test: { include: ["tests/*.test.ts"] } }\n')
  const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs')
  return () => timedSpawnOk(process.execPath, [vitest, 'run', '--root', root], { cwd: root, env: quietEnv() })
}

const quietEnv = () => ({ ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' })

function dsh(
  repoRoot: string,
  args: string[],
  peakRss = false,
  env: NodeJS.ProcessEnv = quietEnv(),
): Promise<SpawnOutcome> {
  const bin = path.join(repoRoot, 'bin', 'dsh.js')
  return timedSpawnOk(process.execPath, [bin, ...args], { cwd: repoRoot, env, peakRss })
}

const ms = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`)
const fixed = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2))
const mb = (kb: number | undefined) => (kb === undefined ? '?' : `${Math.round(kb / 1024)} MB`)

type Readings = Omit<ScaleCorpusResult, 'lines' | 'rows'> & {
  ceiling?: number
  bound?: number
  split?: ReturnType<typeof splitReading>
}

const hardwareBound = ({ ceiling, coreEfficiency }: Readings) =>
  ceiling === undefined || coreEfficiency === undefined ? undefined : ceiling * coreEfficiency

/** Two halves at once against --jobs 1, the ceiling and --jobs 2 (scale-fit.ts splitReading), and their CPU. */
function splitLine({ size, splitMs }: ScaleCorpusRow, split: Readings['split']): string[] {
  if (splitMs === undefined || split?.splitSpeedup === undefined) return []
  return [
    `jobs_split=${fixed(split.splitSpeedup)} at N=${size} (two corpora of N/2, one dsh test --jobs 1 each, ` +
      `started together: ${ms(splitMs)}, ${fixed(split.splitOverCeiling)} of the ceiling, nothing shared or sent ` +
      `between them); --jobs 2 over it: ${fixed(split.jobs2OverSplit)} (above 1: the workers beat the split)`,
    `jobs_split_cpu_ratio=${fixed(split.splitCpuRatio)} (CPU of the two halves at once over --jobs 1's: ` +
      'what running two dsh processes at once costs on this machine, with no --jobs machinery)',
  ]
}

function renderLines(rows: readonly ScaleCorpusRow[], readings: Readings, extra: string[]): string[] {
  const lines = ['== scale-corpus: a generated corpus of recorded scenarios ==']
  for (const row of rows) {
    const kinds = Object.entries(row.kinds)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ')
    lines.push(
      `N=${row.size} (${kinds}): --jobs 1 ${ms(row.jobs1Ms)} (${(row.jobs1Ms / row.size).toFixed(1)} ms/scenario, ` +
        `peak RSS ${mb(row.rssKb.jobs1)}), --jobs 2 ${ms(row.jobs2Ms)} (peak RSS ${mb(row.rssKb.jobs2)}), ` +
        `default ${ms(row.defaultMs)}; speedup ${(row.jobs1Ms / row.jobs2Ms).toFixed(2)}`,
      `  the default said: ${row.defaultChoice}`,
    )
  }
  const [small, large] = [rows.at(-2), rows.at(-1)]
  if (large)
    lines.push(
      `jobs_ceiling=${fixed(readings.ceiling)} at N=${large.size} (cores × wall / CPU of --jobs 1); ` +
        `--jobs 2 reached ${fixed(readings.jobsOverCeiling)} of it (target ≥ 0.9)`,
      `jobs_cpu_ratio=${fixed(readings.cpuRatio)} (CPU of --jobs 2 over --jobs 1 at N=${large.size}, ` +
        `${ms(large.jobs2CpuMs)} over ${ms(large.jobs1CpuMs)}: with it --jobs 2 cannot pass ` +
        `${fixed(readings.bound)})`,
      ...cpuSplitLine(large),
      ...splitLine(large, readings.split),
      `core_efficiency=${fixed(readings.coreEfficiency)} (a fixed job on every core at once, over its speed ` +
        `alone: the hardware lets --jobs 2 reach at most jobs_ceiling × it = ` +
        `${fixed(hardwareBound(readings))})`,
    )
  if (small && large && small !== large) {
    lines.push(`per_scenario_growth=${fixed(readings.growth)} (N=${large.size} over N=${small.size}; target ≤ 1.1)`)
    lines.push(
      `parent peak RSS growth over corpus growth, N=${small.size} → ${large.size}: --jobs 1 ` +
        `${fixed(readings.rssGrowth?.jobs1)}, --jobs 2 ${fixed(readings.rssGrowth?.jobs2)} ` +
        '(1 is linear; target ≤ 0.5)',
    )
  }
  lines.push(...extra)
  const { threshold, crossover } = readings
  lines.push(
    threshold === undefined
      ? 'jobs_threshold=none (--jobs 2 was faster at no size measured)'
      : `jobs_threshold=${threshold} (the smallest size measured where --jobs 2 beat --jobs 1)`,
    crossover === undefined
      ? 'jobs_crossover=none (fitted to start + cost per scenario, --jobs 2 never catches up)'
      : `jobs_crossover=${crossover} (where the fitted lines start + cost per scenario of --jobs 1 and --jobs 2 cross)`,
  )
  return lines
}
