// The performance targets (issue 9; in-process and the ratio tightened by issue 13; issue 18's) and their
// verdicts. Pure: numbers in, PASS/MISS out.
import { ratio } from './stats.ts'

/** The headline numbers one bench run produces; a part that did not run leaves its numbers undefined. */
export interface Headline {
  /** Median over scenarios of each scenario's median in-process replay time. */
  inprocMedianMs?: number
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
}

export interface TargetVerdict {
  id: string
  label: string
  /** Undefined when the part did not run or the value could not be computed. */
  value?: number
  limit: number
  unit: 'ms' | 's' | '×'
  /** `max`: value ≤ limit passes; `min`: value ≥ limit passes. */
  kind: 'max' | 'min'
  status: 'PASS' | 'MISS' | 'SKIP'
}

type Spec = Omit<TargetVerdict, 'value' | 'status'> & { value: (h: Headline) => number | undefined }

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
    id: 'bin-ratio',
    label: "dsh --help start over a bare node -e ''",
    limit: 1.4,
    unit: '×',
    kind: 'max',
    value: (h) => h.binRatio,
  },
]

export function judgeTargets(headline: Headline): TargetVerdict[] {
  return SPECS.map(({ value, ...spec }) => {
    const measured = value(headline)
    if (measured === undefined || !Number.isFinite(measured)) return { ...spec, status: 'SKIP' }
    const pass = spec.kind === 'max' ? measured <= spec.limit : measured >= spec.limit
    return { ...spec, value: measured, status: pass ? 'PASS' : 'MISS' }
  })
}
