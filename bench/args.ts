// Command-line options of `npm run bench`. Pure.
import { parseArgs } from 'node:util'

const PARTS = [
  'scenarios',
  'fixed',
  'corpus',
  'scale',
  'suite',
  'select',
  'npm-test',
  'determinism',
  'jobs',
  'scale-corpus',
  'subagents',
  'sandbox',
  'mutate',
  'consumer-vitest',
] as const
export type Part = (typeof PARTS)[number]

export interface BenchOptions {
  /** Kept runs per measurement (the big scale sizes and the suite use fewer, see docs/benchmarks.md). */
  runs: number
  /** Untimed runs before the kept ones. */
  warmup: number
  /** Parts to run, in the fixed order of PARTS. */
  parts: Part[]
  /** Scenarios in the scale-corpus part's largest generated corpus. */
  corpusSize: number
  /** Also write the summary as JSON here. */
  json?: string
  help: boolean
}

export const USAGE = `usage: npm run bench -- [--runs N] [--warmup N] [--only ${PARTS.join('|')}]…
                          [--skip-npm-test] [--corpus-size N] [--json FILE]
  --runs N         kept runs per measurement (default 3)
  --warmup N       untimed runs before them (default 1)
  --only PART      run only this part (repeatable); default: all parts
  --skip-npm-test  leave out the npm-test part (one whole \`npm test\`, about a minute) for a quick run
  --corpus-size N  scenarios in the scale-corpus part's largest generated corpus (default 1000)
  --json FILE      also write the summary line's numbers and every target as JSON`

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      runs: { type: 'string' },
      warmup: { type: 'string' },
      only: { type: 'string', multiple: true },
      json: { type: 'string' },
      'corpus-size': { type: 'string' },
      'skip-npm-test': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  })
  if (positionals.length) throw new Error(`unexpected argument ${JSON.stringify(positionals[0])}\n${USAGE}`)
  const only = values.only ?? []
  for (const part of only) {
    if (!(PARTS as readonly string[]).includes(part))
      throw new Error(`--only ${part}: unknown part; choose from ${PARTS.join(', ')}`)
  }
  return {
    runs: count('--runs', values.runs, 3, 1),
    warmup: count('--warmup', values.warmup, 1, 0),
    parts: (only.length ? PARTS.filter((part) => only.includes(part)) : [...PARTS]).filter(
      (part) => part !== 'npm-test' || !values['skip-npm-test'],
    ),
    corpusSize: count('--corpus-size', values['corpus-size'], 1000, 1),
    json: values.json,
    help: values.help ?? false,
  }
}

function count(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < min) throw new Error(`${flag} ${text}: expected an integer ≥ ${min}`)
  return value
}
