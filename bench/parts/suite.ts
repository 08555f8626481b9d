// Wall time of test commands as a developer runs them, spawned from the repository root:
// - suite: the replay suite as `npm test` runs it, `npx vitest run scenarios` (vitest's own
//   start, collection and transform included), at most 3 runs;
// - npm-test: the README's test command, `npm test` (every test file), one run.
import { timeRuns, type SampleOptions } from '../sample.ts'
import { timedSpawn } from '../spawn-timer.ts'
import { summarize, type Summary } from '../stats.ts'

export const SUITE_COMMAND = ['npx', 'vitest', 'run', 'scenarios'] as const
export const NPM_TEST_COMMAND = ['npm', 'test'] as const

export interface SuiteTiming {
  command: string
  wall: Summary
  /** vitest's "Tests …" line of the last run, e.g. `Tests  25 passed (25)`. */
  tests: string
  /** Exit code of the last run (0 when every test passed). */
  code: number | null
}

/** A whole suite run costs seconds: no warm-up beyond vitest's own cache, at most 3 kept runs. */
export function benchSuite(repoRoot: string, base: SampleOptions): Promise<SuiteTiming> {
  return timeTestCommand(repoRoot, SUITE_COMMAND, Math.min(base.runs, 3))
}

/** `npm test` takes about a minute on 2 cores: one run, no warm-up. */
export function benchNpmTest(repoRoot: string): Promise<SuiteTiming> {
  return timeTestCommand(repoRoot, NPM_TEST_COMMAND, 1)
}

async function timeTestCommand(repoRoot: string, commandLine: readonly string[], runs: number): Promise<SuiteTiming> {
  let last = { code: null as number | null, stdout: '' }
  const [command, ...args] = commandLine
  const wall = await timeRuns(
    async () => {
      const outcome = await timedSpawn(command, args, {
        cwd: repoRoot,
        env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      })
      last = outcome
    },
    { warmup: 0, runs },
  )
  return { command: commandLine.join(' '), wall: summarize(wall), tests: testsLine(last.stdout), code: last.code }
}

/** The "Tests  N passed (N)" summary line of vitest's output, or '' if absent. */
export function testsLine(stdout: string): string {
  return (
    stdout
      .split('\n')
      .map((line) => line.trim())
      .find((line) => /^Tests\s/.test(line)) ?? ''
  )
}
