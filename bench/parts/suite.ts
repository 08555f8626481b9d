// Wall time of the replay suite as `npm test` runs it: `npx vitest run scenarios` (vitest's own
// start, collection and transform included), spawned from the repository root.
import { timeRuns, type SampleOptions } from '../sample.ts'
import { timedSpawn } from '../spawn-timer.ts'
import { summarize, type Summary } from '../stats.ts'

export const SUITE_COMMAND = ['npx', 'vitest', 'run', 'scenarios'] as const

export interface SuiteTiming {
  command: string
  wall: Summary
  /** vitest's "Tests …" line of the last run, e.g. `Tests  25 passed (25)`. */
  tests: string
  /** Exit code of the last run (0 when every test passed). */
  code: number | null
}

/** A whole suite run costs seconds: no warm-up beyond vitest's own cache, at most 3 kept runs. */
export async function benchSuite(repoRoot: string, base: SampleOptions): Promise<SuiteTiming> {
  let last = { code: null as number | null, stdout: '' }
  const [command, ...args] = SUITE_COMMAND
  const wall = await timeRuns(
    async () => {
      const outcome = await timedSpawn(command, args, {
        cwd: repoRoot,
        env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      })
      last = outcome
    },
    { warmup: 0, runs: Math.min(base.runs, 3) },
  )
  return { command: SUITE_COMMAND.join(' '), wall: summarize(wall), tests: testsLine(last.stdout), code: last.code }
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
