// The performance targets (issue 9; in-process and the ratio tightened by issue 13; issue 18's; issue 27's
// ratios, which hold on any machine) and their verdicts. Pure: numbers in, PASS/MISS out.
import type { FileTime } from './file-times-reporter.ts'
import { FILES_RATIO_LIMIT } from './parts/consumer-vitest.ts'
import { ratio } from './stats.ts'

/** No file of `npm test` may take longer than this (wall, in its worker). */
export const SLOW_FILE_S = 10

/** The headline numbers one bench run produces; a part that did not run leaves its numbers undefined. */
export interface Headline {
  /** Median over scenarios of each scenario's median in-process replay time. */
  inprocMedianMs?: number
  /** The same over the play alone (no prepare, judge or cleanup): the agent's share of it. */
  playMedianMs?: number
  /** Same, with the built `dsh` bin as a subprocess. */
  subprocessMedianMs?: number
  /** subprocessMedianMs / inprocMedianMs. */
  ratio?: number
  /** node start + bin import + composition boot: the floor a subprocess run cannot go below. */
  floorMs?: number
  /** Replay components (replay service + normalize) of a 100k-chunk session. */
  scale100kMs?: number
  scale10kTo100k?: number
  /** The same session through the real agent loop (composition, ACP bridge, session store, normalize). */
  agent100kMs?: number
  agent10kTo100k?: number
  /** Wall time of the replay suite under vitest. */
  suiteS?: number
  /** One scenario under vitest from a cold start (`vitest run scenarios/text-turn/`). */
  selectS?: number
  /** Wall time of `npm test`, the README's test command. */
  npmTestS?: number
  /** `node bin/dsh.js --help` over a bare `node -e ''` start (medians). */
  binRatio?: number
  /** A bare `node -e ''` start (median, ms): the unit of the in-process target. */
  nodeMs?: number
  /** A cold `dsh test` of the whole corpus, one process (median, s). */
  dshCorpusS?: number
  /** A cold vitest run of exactly the scenario files (median, s). */
  vitestCorpusS?: number
  /** `dsh test --jobs 1` over `--jobs 2` on the corpus (medians of interleaved runs, built dsh). */
  jobsSpeedup?: number
  /** The most any --jobs could reach on this machine: cores / the cores `--jobs 1` keeps busy (Linux). */
  jobsCeiling?: number
  /** `dsh report merge` of 8 blobs of 500 scenarios over one `dsh test` of a single scenario. */
  mergeRatio?: number
  /** `dsh mutate plugins/acp/projection.ts` (every mutant, no cache) over one cold `dsh test` (issue 41). */
  mutateRatio?: number
  /** Scale corpus, largest size: --jobs 2's speedup over the ceiling there (issue 44). */
  scaleJobsOverCeiling?: number
  /** Scale corpus: cost per scenario at the largest size over the next (issue 44). */
  scaleGrowth?: number
  /** Scale corpus: the --jobs 2 parent's peak RSS growth over the corpus growth (issue 44). */
  scaleRssGrowth?: number
  /** vitest in a consumer project: one file per scenario (scenarioFiles) over one defineSnapshotSuite file. */
  vitestFilesRatio?: number
  /** Every file of the `npm test` run with its wall time. */
  npmTestFiles?: FileTime[]
}

export interface TargetVerdict {
  id: string
  label: string
  /** Undefined when the part did not run or the value could not be computed. */
  value?: number
  limit: number
  unit: 'ms' | 's' | '×' | 'files'
  /** `max`: value ≤ limit passes; `min`: value ≥ limit passes. */
  kind: 'max' | 'min'
  status: 'PASS' | 'MISS' | 'SKIP'
  /** What the value is made of, when a number alone does not say (e.g. the files over the limit). */
  detail?: string
}

type Spec = Omit<TargetVerdict, 'value' | 'status' | 'detail'> & {
  value: (h: Headline) => number | undefined
  detail?: (h: Headline) => string | undefined
}

/** A typical in-process scenario within this share of a bare node start (issue 27). */
const INPROC_NODE_LIMIT = 0.06

const slowFiles = (h: Headline) => h.npmTestFiles?.filter((file) => file.wallMs > SLOW_FILE_S * 1000)

const SPECS: Spec[] = [
  {
    id: 'inproc',
    label: 'in-process replay, median per scenario',
    limit: 12,
    unit: 'ms',
    kind: 'max',
    value: (h) => h.inprocMedianMs,
  },
  { id: 'ratio', label: 'subprocess / in-process', limit: 25, unit: '×', kind: 'min', value: (h) => h.ratio },
  {
    id: 'subprocess',
    label: 'subprocess replay ≤ 2 × (node start + bin import + boot)',
    limit: 2,
    unit: '×',
    kind: 'max',
    value: (h) => ratio(h.subprocessMedianMs ?? Number.NaN, h.floorMs ?? Number.NaN),
  },
  {
    id: 'scale-100k',
    label: '100k chunks, replay service + normalize',
    limit: 2000,
    unit: 'ms',
    kind: 'max',
    value: (h) => h.scale100kMs,
  },
  {
    id: 'scale-ratio',
    label: '10k → 100k cost ratio, replay service + normalize',
    limit: 12,
    unit: '×',
    kind: 'max',
    value: (h) => h.scale10kTo100k,
  },
  {
    id: 'agent-100k',
    label: '100k chunks, agent loop end to end',
    limit: 2000,
    unit: 'ms',
    kind: 'max',
    value: (h) => h.agent100kMs,
  },
  {
    id: 'agent-ratio',
    label: '10k → 100k cost ratio, agent loop end to end',
    limit: 12,
    unit: '×',
    kind: 'max',
    value: (h) => h.agent10kTo100k,
  },
  {
    id: 'suite',
    label: 'replay suite wall time (npx vitest run scenarios)',
    limit: 15,
    unit: 's',
    kind: 'max',
    value: (h) => h.suiteS,
  },
  {
    id: 'select',
    label: 'one scenario under vitest from a cold start (vitest run scenarios/text-turn/)',
    limit: 6,
    unit: 's',
    kind: 'max',
    value: (h) => h.selectS,
  },
  {
    id: 'npm-test',
    label: 'npm test wall time',
    limit: 35,
    unit: 's',
    kind: 'max',
    value: (h) => h.npmTestS,
  },
  {
    id: 'inproc-node',
    label: "typical in-process scenario / node -e ''",
    limit: INPROC_NODE_LIMIT,
    unit: '×',
    kind: 'max',
    value: (h) => ratio(h.inprocMedianMs ?? Number.NaN, h.nodeMs ?? Number.NaN),
    detail: (h) => {
      const play = ratio(h.playMedianMs ?? Number.NaN, h.nodeMs ?? Number.NaN)
      if (!Number.isFinite(play)) return undefined
      return (
        `its play alone (the ACP exchange with the agent; no prepare, judge or cleanup) is ${play.toFixed(3)}×` +
        (play > INPROC_NODE_LIMIT ? ': cheaper preparing and judging cannot pass here' : '')
      )
    },
  },
  {
    id: 'vitest-corpus',
    label: 'the corpus under vitest / a cold dsh test of it (vitest_corpus_s / dsh_corpus_s)',
    limit: 2,
    unit: '×',
    kind: 'max',
    value: (h) => ratio(h.vitestCorpusS ?? Number.NaN, h.dshCorpusS ?? Number.NaN),
  },
  {
    id: 'npm-test-corpus',
    label: 'npm test / a cold dsh test of the corpus (npm_test_s / dsh_corpus_s)',
    limit: 20,
    unit: '×',
    kind: 'max',
    value: (h) => ratio(h.npmTestS ?? Number.NaN, h.dshCorpusS ?? Number.NaN),
  },
  {
    id: 'slow-files',
    label: `files of npm test over ${SLOW_FILE_S} s wall`,
    limit: 0,
    unit: 'files',
    kind: 'max',
    value: (h) => slowFiles(h)?.length,
    detail: (h) =>
      slowFiles(h)
        ?.map((file) => `${file.file} ${(file.wallMs / 1000).toFixed(1)} s`)
        .join(', ') || undefined,
  },
  {
    id: 'jobs-speedup',
    label: 'dsh test --jobs 1 / --jobs 2 on the corpus (jobs_speedup, 2 cores; issue 29)',
    limit: 1.6,
    unit: '×',
    kind: 'min',
    value: (h) => h.jobsSpeedup,
    detail: (h) =>
      h.jobsCeiling === undefined ? undefined : `no --jobs can pass ${h.jobsCeiling.toFixed(2)}× on this machine`,
  },
  {
    id: 'merge-ratio',
    label: 'dsh report merge of 8 × 500-scenario blobs / dsh test of one scenario (merge_ratio; issue 29)',
    limit: 1,
    unit: '×',
    kind: 'max',
    value: (h) => h.mergeRatio,
  },
  {
    id: 'mutate-ratio',
    label: 'dsh mutate of every projection.ts mutant / one cold dsh test of the corpus (mutate_ratio; issue 41)',
    limit: 4,
    unit: '×',
    kind: 'max',
    value: (h) => h.mutateRatio,
  },
  {
    id: 'scale-jobs',
    label: 'scale corpus: --jobs 2 speedup / jobs_ceiling at the largest size (issue 44)',
    limit: 0.9,
    unit: '×',
    kind: 'min',
    value: (h) => h.scaleJobsOverCeiling,
  },
  {
    id: 'scale-growth',
    label: 'scale corpus: cost per scenario at the largest size / the next (issue 44)',
    limit: 1.1,
    unit: '×',
    kind: 'max',
    value: (h) => h.scaleGrowth,
  },
  {
    id: 'scale-rss',
    label: 'scale corpus: --jobs 2 parent peak RSS growth / corpus growth (issue 44; 1 is linear)',
    limit: 0.5,
    unit: '×',
    kind: 'max',
    value: (h) => h.scaleRssGrowth,
  },
  {
    id: 'vitest-files',
    label: 'consumer project: scenario files / one defineSnapshotSuite file (vitest_files_ratio; issue 40)',
    limit: FILES_RATIO_LIMIT,
    unit: '×',
    kind: 'max',
    value: (h) => h.vitestFilesRatio,
  },
  {
    id: 'bin-ratio',
    label: "dsh --help start over a bare node -e ''",
    limit: 1.4,
    unit: '×',
    kind: 'max',
    value: (h) => h.binRatio,
  },
]

export function judgeTargets(headline: Headline): TargetVerdict[] {
  return SPECS.map(({ value, detail, ...spec }) => {
    const measured = value(headline)
    if (measured === undefined || !Number.isFinite(measured)) return { ...spec, status: 'SKIP' }
    const pass = spec.kind === 'max' ? measured <= spec.limit : measured >= spec.limit
    const verdict: TargetVerdict = { ...spec, value: measured, status: pass ? 'PASS' : 'MISS' }
    const why = detail?.(headline)
    return why ? { ...verdict, detail: why } : verdict
  })
}
