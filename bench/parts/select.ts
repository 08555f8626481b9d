// One scenario under vitest from a cold start, as a developer runs it while working on it:
// `vitest run scenarios/text-turn/` in a fresh process (vitest's start, the scenarios project's
// transform of one manifest, the host and plugins imported once, one replay). Issue 16's target.
import { packageFile } from '../../lib/package-root.ts'
import { timeRuns, type SampleOptions } from '../sample.ts'
import { timedSpawn } from '../spawn-timer.ts'
import { summarize, type Summary } from '../stats.ts'
import { testsLine } from './suite.ts'

const SELECT_SCENARIO = 'text-turn'

export interface SelectTiming {
  command: string
  wall: Summary
  /** vitest's "Tests …" line of the last run; one test must have passed. */
  tests: string
  code: number | null
}

/** Every run is a new process, so every run is a cold start; no warm-up. */
export async function benchSelect(repoRoot: string, base: SampleOptions): Promise<SelectTiming> {
  const args = [packageFile('node_modules', 'vitest', 'vitest.mjs'), 'run', `scenarios/${SELECT_SCENARIO}/`]
  let last = { code: null as number | null, stdout: '' }
  const wall = await timeRuns(
    async () => {
      last = await timedSpawn(process.execPath, args, {
        cwd: repoRoot,
        env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      })
    },
    { warmup: 0, runs: Math.min(base.runs, 3) },
  )
  return {
    command: `node node_modules/vitest/vitest.mjs run scenarios/${SELECT_SCENARIO}/`,
    wall: summarize(wall),
    tests: testsLine(last.stdout),
    code: last.code,
  }
}
