// Wall time of test commands as a developer runs them, spawned from the repository root:
// - suite: the replay suite as `npm test` runs it, `npx vitest run scenarios` (vitest's own
//   start, collection and transform included), at most 3 runs;
// - npm-test: the README's test command, `npm test` (every test file but the end-to-end step's),
//   one run, with each test file's wall time (file-times-reporter.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FILE_TIMES_ENV, type FileTime } from '../file-times-reporter.ts'
import { timeRuns, type SampleOptions } from '../sample.ts'
import { timedSpawn } from '../spawn-timer.ts'
import { summarize, type Summary } from '../stats.ts'

const SUITE_COMMAND = ['npx', 'vitest', 'run', 'scenarios'] as const
const NPM_TEST_COMMAND = ['npm', 'test'] as const

export interface SuiteTiming {
  command: string
  wall: Summary
  /** vitest's "Tests …" line of the last run, e.g. `Tests  25 passed (25)`. */
  tests: string
  /** Exit code of the last run (0 when every test passed). */
  code: number | null
  /** npm-test only: every test file's wall time in the run, slowest first. */
  files?: FileTime[]
}

const fileTimesReporter = fileURLToPath(new URL('../file-times-reporter.ts', import.meta.url))

/** A whole suite run costs seconds: no warm-up beyond vitest's own cache, at most 3 kept runs. */
export function benchSuite(repoRoot: string, base: SampleOptions): Promise<SuiteTiming> {
  return timeTestCommand(repoRoot, SUITE_COMMAND, Math.min(base.runs, 3))
}

/** `npm test` takes about a minute on 2 cores: one run, no warm-up; vitest also reports each file's time. */
export async function benchNpmTest(repoRoot: string): Promise<SuiteTiming> {
  const scratch = mkdtempSync(join(tmpdir(), 'dsh-bench-files-'))
  const out = join(scratch, 'file-times.json')
  try {
    const reporters = ['--', '--reporter=default', `--reporter=${fileTimesReporter}`]
    const timing = await timeTestCommand(repoRoot, NPM_TEST_COMMAND, 1, reporters, { [FILE_TIMES_ENV]: out })
    // A run that crashed before its end wrote no times: the part still reports its wall time and exit code.
    if (!existsSync(out)) return timing
    const files = (JSON.parse(readFileSync(out, 'utf8')) as FileTime[]).sort((a, b) => b.wallMs - a.wallMs)
    return { ...timing, files }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

async function timeTestCommand(
  repoRoot: string,
  commandLine: readonly [string, ...string[]],
  runs: number,
  extraArgs: readonly string[] = [],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<SuiteTiming> {
  let last = { code: null as number | null, stdout: '' }
  const [command, ...args] = commandLine
  const wall = await timeRuns(
    async () => {
      const outcome = await timedSpawn(command, [...args, ...extraArgs], {
        cwd: repoRoot,
        env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...extraEnv },
      })
      last = outcome
    },
    { warmup: 0, runs },
  )
  return { command: commandLine.join(' '), wall: summarize(wall), tests: testsLine(last.stdout), code: last.code }
}

const RESULT_LINES = {
  vitest: /^Tests\s/,
  // `, 2 errors` when scenario folders did not load (host/app/cli/test-report.ts).
  dsh: /^\d+ passed, \d+ failed(, \d+ errors?)?$/,
}

/** A run's closing result line, or '' if absent: vitest's `Tests  N passed (N)`, `dsh test`'s `N passed, M failed`. */
export function testsLine(stdout: string, runner: keyof typeof RESULT_LINES = 'vitest'): string {
  return (
    stdout
      .split('\n')
      .map((line) => line.trim())
      .findLast((line) => RESULT_LINES[runner].test(line)) ?? ''
  )
}
