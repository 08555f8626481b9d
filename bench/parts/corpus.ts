// The whole corpus from a cold start, two ways, as ratios hold on any machine: `dsh test` as one
// process (the built bin, in-process scenarios in one host composition) and vitest running exactly
// the scenario files (`vitest run --project scenarios`). Runs alternate (dsh, vitest, dsh, …), so a
// change of load shifts both; at most 3 of each, no warm-up (each run is a new process, hence cold).
// Also node's own start (`node -e ''`), the unit the in-process target is set in.
import { join } from 'node:path'
import { packageFile } from '../../lib/package-root.ts'
import { timeInterleaved, type SampleOptions } from '../sample.ts'
import { timedSpawn, timedSpawnOk, type SpawnOutcome } from '../spawn-timer.ts'
import { summarize, type Summary } from '../stats.ts'
import { testsLine } from './suite.ts'

export interface CorpusTiming {
  command: string
  wall: Summary
  /** The last run's result line (`46 passed, 0 failed` or vitest's `Tests  46 passed (46)`). */
  tests: string
  code: number | null
}

export interface CorpusResult {
  dsh: CorpusTiming
  vitest: CorpusTiming
}

/** Spawn costs under 100 ms are noisy: at least this many kept runs of `node -e ''`. */
const MIN_NODE_RUNS = 15

/** Median wall time of a bare `node -e ''` (ms): node's own start. */
export async function benchNodeStart(repoRoot: string, base: SampleOptions): Promise<Summary> {
  const [times] = await timeInterleaved([() => timedSpawnOk(process.execPath, ['-e', ''], { cwd: repoRoot })], {
    warmup: Math.max(base.warmup, 1),
    runs: Math.max(base.runs, MIN_NODE_RUNS),
  })
  return summarize(times)
}

export async function benchCorpus(repoRoot: string, base: SampleOptions): Promise<CorpusResult> {
  const env = { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' }
  const dshArgs = [join(repoRoot, 'bin', 'dsh.js'), 'test']
  const vitestArgs = [packageFile('node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'scenarios']
  const last: { dsh?: SpawnOutcome; vitest?: SpawnOutcome } = {}
  const [dshTimes, vitestTimes] = await timeInterleaved(
    [
      async () => {
        last.dsh = await timedSpawn(process.execPath, dshArgs, { cwd: repoRoot, env })
      },
      async () => {
        last.vitest = await timedSpawn(process.execPath, vitestArgs, { cwd: repoRoot, env })
      },
    ],
    { warmup: 0, runs: Math.min(base.runs, 3) },
  )
  return {
    dsh: {
      command: 'node bin/dsh.js test',
      wall: summarize(dshTimes),
      tests: testsLine(last.dsh?.stdout ?? '', 'dsh'),
      code: last.dsh?.code ?? null,
    },
    vitest: {
      command: 'node node_modules/vitest/vitest.mjs run --project scenarios',
      wall: summarize(vitestTimes),
      tests: testsLine(last.vitest?.stdout ?? ''),
      code: last.vitest?.code ?? null,
    },
  }
}
