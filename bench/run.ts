// `npm run bench`: replay speed side by side (in-process vs subprocess), the fixed costs under
// a subprocess run, how replay cost grows with session size, and the replay suite's wall time;
// then every target with PASS/MISS and one summary line. See docs/benchmarks.md.
import { writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseBenchArgs, USAGE, type BenchOptions, type Part } from './args.ts'
import { distStamp, ensureDist } from './build.ts'
import { benchCorpus, benchNodeStart, type CorpusResult } from './parts/corpus.ts'
import { benchDeterminism, type DeterminismResult } from './parts/determinism.ts'
import { benchFixed, type FixedCosts } from './parts/fixed.ts'
import { benchScale, type ScaleResult } from './parts/scale.ts'
import { secretScanLines } from './parts/secret-scan.ts'
import type { JobsResult } from './parts/jobs.ts'
import type { ConsumerVitestResult } from './parts/consumer-vitest.ts'
import type { ScaleCorpusResult } from './parts/scale-corpus.ts'
import { benchScenarios, type ScenariosResult } from './parts/scenarios.ts'
import { benchSelect, type SelectTiming } from './parts/select.ts'
import { benchSandbox, sandboxSection } from './parts/sandbox.ts'
import { benchMutate, mutateSection, type MutateBench } from './parts/mutate.ts'
import { benchSubagents, subagentsSection } from './parts/subagents.ts'
import { benchNpmTest, benchSuite, type SuiteTiming } from './parts/suite.ts'
import { formatMs, summaryFields, summaryLine, targetLine } from './report.ts'
import type { Summary } from './stats.ts'
import {
  corpusSection,
  determinismSection,
  fixedSection,
  scaleSection,
  scenariosSection,
  selectSection,
  suiteSection,
} from './sections.ts'
import { judgeTargets, type Headline } from './targets.ts'
import { plural } from '../lib/plural.ts'
import { othersShare, sampleCpu } from './machine-load.ts'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

interface Results {
  /** `node -e ''`, measured once before the parts that are judged against it (scenarios, corpus). */
  nodeStart?: Summary
  scenarios?: ScenariosResult
  fixed?: FixedCosts
  corpus?: CorpusResult
  scale?: ScaleResult
  suite?: SuiteTiming
  determinism?: DeterminismResult
  select?: SelectTiming
  npmTest?: SuiteTiming
  jobs?: JobsResult
  scaleCorpus?: ScaleCorpusResult
  mutate?: MutateBench
  consumerVitest?: ConsumerVitestResult
}

const print = (line = '') => process.stdout.write(`${line}\n`)
/** Progress goes to stderr, so stdout stays the report. */
const progress = (line: string) => process.stderr.write(`  … ${line}\n`)

async function main(argv: string[]): Promise<number> {
  let options: BenchOptions
  try {
    options = parseBenchArgs(argv)
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    return 2
  }
  if (options.help) {
    print(USAGE)
    return 0
  }
  const runs = { warmup: options.warmup, runs: options.runs }
  print(
    `dsh bench — node ${process.version}, ${process.platform} ${process.arch}, ` +
      `${plural(availableParallelism(), 'CPU')} (${cpus()[0]?.model.trim() ?? 'unknown'}); ` +
      `${plural(options.runs, 'kept run')} after ${plural(options.warmup, 'warm-up')}; ` +
      `parts: ${options.parts.join(', ')}`,
  )
  const loadAtStart = oneMinuteLoad()
  const cpuAtStart = sampleCpu()
  print(loadLine('start'))
  const needsDist = ['scenarios', 'fixed', 'corpus', 'jobs', 'scale-corpus', 'mutate', 'consumer-vitest']
  if (needsDist.some((name) => options.parts.includes(name as Part))) {
    const build = ensureDist(repoRoot)
    print(
      `build: dist/ ${
        build.rebuilt
          ? `was stale, rebuilt in ${formatMs(build.ms)}`
          : `is up to date (checked in ${formatMs(build.ms)})`
      }`,
    )
    if (build.warning) print(`warning: ${build.warning}`)
  }
  const stampAtStart = distStamp(repoRoot)

  const results: Results = {}
  const crashed: string[] = []
  const part = async (name: Part, run: () => Promise<string[]>) => {
    if (!options.parts.includes(name)) return
    print()
    try {
      ;(await run()).forEach((line) => print(line))
    } catch (error) {
      crashed.push(name)
      print(`part ${name} failed: ${(error as Error).stack ?? error}`)
    }
  }
  if (options.parts.includes('scenarios') || options.parts.includes('corpus')) {
    progress("node -e '' (the unit of the in-process target)")
    results.nodeStart = await benchNodeStart(repoRoot, runs)
    print(`node -e '': ${formatMs(results.nodeStart.median)} median of ${results.nodeStart.runs}`)
  }
  await part('scenarios', async () => {
    results.scenarios = await benchScenarios(repoRoot, runs, (row) =>
      progress(
        row.failure
          ? `${row.name}: not counted (${row.failure})`
          : `${row.name}: in-process ${formatMs(row.inproc?.median)}, subprocess ${formatMs(row.subprocess?.median)}`,
      ),
    )
    return scenariosSection(results.scenarios)
  })
  await part('fixed', async () =>
    fixedSection((results.fixed = await benchFixed(repoRoot, runs)), results.scenarios?.subprocessMedianMs),
  )
  await part('corpus', async () => {
    progress('corpus: dsh test and vitest run --project scenarios, cold, alternating')
    return corpusSection((results.corpus = await benchCorpus(repoRoot, runs)))
  })
  await part('scale', async () => {
    results.scale = await benchScale(repoRoot, runs, {
      agent: true,
      onRow: (row) =>
        progress(
          `${row.label}: components ${formatMs(row.components.median)}, agent loop ` +
            `${formatMs(row.agent?.total.median)}`,
        ),
    })
    return [...scaleSection(results.scale), '', ...(await secretScanLines(runs))]
  })
  await part('suite', async () => suiteSection((results.suite = await benchSuite(repoRoot, runs))))
  await part('select', async () => selectSection((results.select = await benchSelect(repoRoot, runs))))
  await part('npm-test', async () => {
    progress('npm test (the whole test suite, about a minute; --skip-npm-test leaves it out)')
    return suiteSection((results.npmTest = await benchNpmTest(repoRoot)), 'npm test')
  })
  await part('determinism', async () => {
    results.determinism = await benchDeterminism(repoRoot, undefined, (run, tally) => {
      if (run % 10 === 0) progress(`determinism: ${tally.report()[0]}`)
    })
    return determinismSection(results.determinism)
  })

  await part('jobs', async () => {
    progress('jobs: the corpus with dsh test --jobs 1 and --jobs 2, interleaved; dsh report merge')
    return (results.jobs = await (await import('./parts/jobs.ts')).benchJobs(repoRoot, runs)).lines
  })

  await part('scale-corpus', async () => {
    progress(`scale-corpus: generated corpora up to ${options.corpusSize} scenarios (minutes)`)
    const { benchScaleCorpus } = await import('./parts/scale-corpus.ts')
    return (results.scaleCorpus = await benchScaleCorpus(repoRoot, options.corpusSize, runs)).lines
  })

  await part('subagents', async () => subagentsSection(await benchSubagents(repoRoot, runs)))

  await part('sandbox', async () => sandboxSection(await benchSandbox(runs)))

  await part('consumer-vitest', async () => {
    const { benchConsumerVitest } = await import('./parts/consumer-vitest.ts')
    return (results.consumerVitest = await benchConsumerVitest(repoRoot, runs, progress)).lines
  })

  await part('mutate', async () => {
    progress('mutate: dsh test, dsh mutate plugins/acp/projection.ts (every mutant), dsh test')
    return mutateSection((results.mutate = await benchMutate(repoRoot)))
  })

  const headline = headlineOf(results)
  const verdicts = judgeTargets(headline)
  print()
  print('== targets (set for a 2-core machine) ==')
  print(loadLine('end'))
  const cpuAtEnd = sampleCpu()
  const others = cpuAtStart && cpuAtEnd ? othersShare(cpuAtStart, cpuAtEnd, availableParallelism()) : undefined
  if (others !== undefined) print(`other processes used ${(others * 100).toFixed(0)} % of the CPU while the bench ran`)
  // The bench's own --jobs 2 and vitest parts load every core: where /proc tells others' share apart, judge by it.
  const busy =
    others !== undefined ? others > BUSY_SHARE : Math.max(loadAtStart, oneMinuteLoad()) > availableParallelism()
  if (busy)
    print(
      'warning: the machine was busy (others used more than a quarter of it, or the 1-minute load was above the ' +
        'CPU count): times are inflated and noisy; rerun on a quiet machine before judging a MISS',
    )
  if (distStamp(repoRoot) !== stampAtStart) {
    print(
      'warning: dist/ was rebuilt during the bench (another process built it, e.g. a vitest global setup); ' +
        'subprocess runs before and after it measured different builds, and those meanwhile were slowed',
    )
  }
  verdicts.forEach((verdict) => print(targetLine(verdict)))
  print(summaryLine(headline))
  if (options.json) {
    const machine = {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      cpus: availableParallelism(),
      cpu: cpus()[0]?.model.trim(),
      loadAtStart,
      loadAtEnd: oneMinuteLoad(),
      othersCpuShare: others,
      busy,
    }
    await writeFile(
      options.json,
      `${JSON.stringify(
        { ...summaryFields(headline), headline, targets: verdicts, machine, options, results, crashed },
        null,
        2,
      )}\n`,
    )
  }
  // A MISS is a finding, not a failure of the command; a part that crashed is.
  return crashed.length ? 1 : 0
}

/** Above this share of the machine taken by other processes, the bench's times are not to be judged. */
const BUSY_SHARE = 0.25

/** The 1-minute load average (0 where the platform has none). */
function oneMinuteLoad(): number {
  const [one = 0] = loadavg()
  return one
}

/** Other processes on the machine inflate every wall time here; say how busy it was. */
function loadLine(when: string): string {
  const [one = 0, five = 0] = loadavg()
  return (
    `load average at ${when}: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ` +
    `${availableParallelism()} CPU(s)`
  )
}

function headlineOf(results: Results): Headline {
  const scaleRow = (label: string) => results.scale?.rows.find((row) => row.label === label)
  return {
    inprocMedianMs: results.scenarios?.inprocMedianMs,
    playMedianMs: results.scenarios?.playMedianMs,
    subprocessMedianMs: results.scenarios?.subprocessMedianMs,
    ratio: results.scenarios?.ratio,
    floorMs: results.fixed?.floorMs,
    scale100kMs: scaleRow('100k chunks')?.components.median,
    scale10kTo100k: results.scale?.componentsRatio,
    agent100kMs: scaleRow('100k chunks')?.agent?.total.median,
    agent10kTo100k: results.scale?.agentRatio,
    suiteS: results.suite ? results.suite.wall.median / 1000 : undefined,
    selectS: results.select ? results.select.wall.median / 1000 : undefined,
    npmTestS: results.npmTest ? results.npmTest.wall.median / 1000 : undefined,
    binRatio: results.fixed?.binRatio,
    nodeMs: (results.nodeStart ?? results.fixed?.nodeStart)?.median,
    dshCorpusS: results.corpus ? results.corpus.dsh.wall.median / 1000 : undefined,
    vitestCorpusS: results.corpus ? results.corpus.vitest.wall.median / 1000 : undefined,
    npmTestFiles: results.npmTest?.files,
    jobsSpeedup: results.jobs?.speedup,
    jobsCeiling: results.jobs?.ceiling,
    mergeRatio: results.jobs?.mergeRatio,
    mutateRatio: results.mutate?.ratio,
    vitestFilesRatio: results.consumerVitest?.ratio,
    scaleJobsOverCeiling: results.scaleCorpus?.jobsOverCeiling,
    scaleGrowth: results.scaleCorpus?.growth,
    scaleRssGrowth: results.scaleCorpus?.rssGrowth?.jobs2,
  }
}

process.exitCode = await main(process.argv.slice(2))
