// `dsh test --jobs` and `dsh report merge` (docs/ci.md), as ratios measured in the same run:
// - jobs_speedup: the corpus with --jobs 1 over --jobs 2 (built dsh, interleaved runs), target ≥ 1.6
//   on a 2-core machine; beside it the ceiling no --jobs can pass on this machine (jobsCeiling) and
//   the CPU the second worker adds;
// - merge_ratio: merging 8 blobs of a generated 500-scenario corpus (JSON and HTML reports written)
//   over one `dsh test` of a single scenario, target < 1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { shardOf } from '../../host/snapshot/scenario/select.ts'
import type { ReportBlob } from '../../host/snapshot/blob/blob.ts'
import { timeInterleaved, type SampleOptions } from '../sample.ts'
import { timedSpawn } from '../spawn-timer.ts'
import { median } from '../stats.ts'

const GENERATED = 500
const SHARDS = 8

export interface JobsResult {
  lines: string[]
  /** --jobs 1 median / --jobs 2 median. */
  speedup: number
  /** merge median / single-scenario median. */
  mergeRatio: number
  /** The most any --jobs could reach here: cores over the cores --jobs 1 keeps busy (Linux only). */
  ceiling?: number
}

/**
 * --jobs 1 already keeps more than one core busy (V8's compiler and GC threads, the bash and MCP
 * server processes scenarios start): with `cores` cores, even workers that cost nothing could not
 * run the corpus faster than cores × wall / CPU.
 */
export function jobsCeiling(cores: number, wallMs: number, cpuMs: number | undefined): number | undefined {
  return cpuMs !== undefined && cpuMs > 0 ? (cores * wallMs) / cpuMs : undefined
}

export async function benchJobs(repoRoot: string, base: SampleOptions): Promise<JobsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-bench-jobs-'))
  try {
    const dsh = async (...args: string[]) => {
      const outcome = await timedSpawn(process.execPath, [join(repoRoot, 'bin', 'dsh.js'), ...args], {
        cwd: repoRoot,
        env: { ...process.env, NO_COLOR: '1' },
      })
      if (outcome.code !== 0) throw new Error(`dsh ${args.join(' ')} exited ${outcome.code}: ${outcome.stderr}`)
      return outcome
    }
    const options = { warmup: Math.min(base.warmup, 1), runs: Math.min(base.runs, 3) }
    const cpu: Record<'1' | '2', number[]> = { '1': [], '2': [] }
    const corpus = async (jobs: '1' | '2') => cpu[jobs].push((await dsh('test', '--jobs', jobs)).cpuMs ?? Number.NaN)
    const [one, two] = await timeInterleaved([() => corpus('1'), () => corpus('2')], options)
    const speedup = median(one) / median(two)
    // The warm-up runs are not kept, as for the times.
    const [cpuOne, cpuTwo] = [median(cpu['1'].slice(options.warmup)), median(cpu['2'].slice(options.warmup))]
    const cores = availableParallelism()
    const ceiling = jobsCeiling(cores, median(one), cpuOne)
    const template = join(dir, 'single.json')
    const [single, merge] = await timeInterleaved(
      [
        () => dsh('test', 'text-turn', '--jobs', '1', '--report', template),
        () =>
          dsh(
            'report',
            'merge',
            ...writeBlobs(dir, template),
            '--report',
            join(dir, 'm.json'),
            '--html',
            join(dir, 'm.html'),
          ),
      ],
      // The first single run writes the template the merge's blobs are made from.
      { warmup: Math.max(options.warmup, 1), runs: options.runs },
    )
    const mergeRatio = median(merge!) / median(single!)
    const lines = [
      '== dsh test --jobs, dsh report merge ==',
      `corpus --jobs 1: ${Math.round(median(one))} ms, --jobs 2: ${Math.round(median(two))} ms ` +
        `(median of ${options.runs})`,
      `merge of ${SHARDS} blobs of ${GENERATED} scenarios: ${Math.round(median(merge!))} ms; ` +
        `one dsh test of a single scenario: ${Math.round(median(single!))} ms`,
      ...cpuLines({ cores, ceiling, wallOneMs: median(one), cpuOneMs: cpuOne, cpuTwoMs: cpuTwo }),
      // Judged with the other targets (bench/targets.ts).
      `jobs_speedup=${speedup.toFixed(2)}`,
      `merge_ratio=${mergeRatio.toFixed(2)}`,
    ]
    return { lines, speedup, mergeRatio, ceiling }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** What --jobs 1 and --jobs 2 cost in CPU, and the ceiling that follows (none without CPU figures). */
function cpuLines(run: {
  cores: number
  ceiling: number | undefined
  wallOneMs: number
  cpuOneMs: number
  cpuTwoMs: number
}): string[] {
  const { cores, ceiling, wallOneMs, cpuOneMs, cpuTwoMs } = run
  if (ceiling === undefined) return []
  const busy = (cpuOneMs / wallOneMs).toFixed(2)
  const added = Math.round(cpuTwoMs - cpuOneMs)
  return [
    `CPU of the whole process tree: --jobs 1 ${Math.round(cpuOneMs)} ms (${busy} cores busy on average), ` +
      `--jobs 2 ${Math.round(cpuTwoMs)} ms (+${added} ms: the workers' starts and first-pass compiles)`,
    `jobs_ceiling=${ceiling.toFixed(2)} (${cores} cores / ${busy}: no --jobs can do better here, ` +
      'even with workers that cost nothing)',
  ]
}

/** 8 shard blobs of a generated corpus, each scenario a copy of the template's one outcome and script. */
function writeBlobs(dir: string, templateFile: string): string[] {
  const { blob } = JSON.parse(readFileSync(templateFile, 'utf8')) as { blob: ReportBlob }
  const [outcome] = blob.outcomes
  const input = Object.values(blob.inputs)[0]
  const names = Array.from({ length: GENERATED }, (_, i) => `generated-${String(i).padStart(3, '0')}`)
  return Array.from({ length: SHARDS }, (_, i) => {
    const assigned = shardOf(names, { index: i + 1, count: SHARDS })
    const shard: ReportBlob = {
      ...blob,
      corpus: { id: 'generated', count: GENERATED },
      shard: { index: i + 1, count: SHARDS },
      selection: names,
      assigned,
      outcomes: assigned.map((scenario) => ({ ...outcome!, scenario })),
      inputs: Object.fromEntries(assigned.map((name) => [name, input!])),
    }
    const file = join(dir, `blob-${i + 1}.json`)
    writeFileSync(file, JSON.stringify({ blob: shard }))
    return file
  })
}
