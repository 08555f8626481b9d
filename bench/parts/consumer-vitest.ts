// `consumer-vitest` (issue 40 item 5, issue 44 item 4): vitest in a project of a user's own, from the
// packed tarball, as README "Use dsh in your own project" installs it (host/app/test-support/
// packed-project.ts). For corpora of a few and of 62 generated scenarios (bench/scale-corpus-gen.ts)
// it times, interleaved, `vitest run` of one test file per scenario (the scenarioFiles plugin, as
// docs/bundle.md configures it) and of one defineSnapshotSuite file over the same scenarios, and
// prints their ratio with its target: the per-scenario files cost at most 1.5× the table.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { installProject, packDsh, projectEnv } from '../../host/app/test-support/packed-project.ts'
import { timeInterleaved, type SampleOptions } from '../sample.ts'
import { writeCorpus } from '../scale-corpus-gen.ts'
import { timedSpawnOk, type SpawnOutcome } from '../spawn-timer.ts'
import { median } from '../stats.ts'
import { withTempFolder } from '../temp-folder.ts'

/** Scenario files over the defineSnapshotSuite table, for the same scenarios (issue 40). */
export const FILES_RATIO_LIMIT = 1.5

/** Requested corpus sizes; the smallest keeps every needed scenario (pins, sources), so it holds more. */
const SIZES = [8, 62]

export interface ConsumerVitestRow {
  scenarios: number
  filesMs: number
  suiteMs: number
  /** filesMs / suiteMs. */
  ratio: number
  /** vitest's `Tests …` line of the last run of each. */
  filesTests: string
  suiteTests: string
}

export interface ConsumerVitestResult {
  lines: string[]
  rows: ConsumerVitestRow[]
  /** The largest ratio measured: the target's value. */
  ratio: number
}

const FILES_CONFIG = `import { scenarioFiles } from 'dsh/vitest'
export default { plugins: [scenarioFiles()], test: { include: ['scenarios/*/snapshot.yml'] } }
`
const SUITE_CONFIG = "export default { test: { include: ['tests/*.test.js'] } }\n"
const SUITE_FILE = `import { defineSnapshotSuite } from 'dsh/vitest'
await defineSnapshotSuite({ url: import.meta.url, scenarios: 'all' })
`

export async function benchConsumerVitest(
  repoRoot: string,
  base: SampleOptions,
  progress: (line: string) => void = () => {},
): Promise<ConsumerVitestResult> {
  return withTempFolder('dsh-bench-consumer-vitest-', async (scratch) => {
    const env = { ...projectEnv(scratch), CI: '1' }
    const project = path.join(scratch, 'project')
    progress('consumer-vitest: npm pack, npm install into a scratch project')
    await installProject(project, await packDsh(scratch, env), env)
    writeFileSync(path.join(project, 'vitest.files.config.mjs'), FILES_CONFIG)
    writeFileSync(path.join(project, 'vitest.suite.config.mjs'), SUITE_CONFIG)
    mkdirSync(path.join(project, 'tests'))
    writeFileSync(path.join(project, 'tests', 'suite.test.js'), SUITE_FILE)
    const runs = { warmup: Math.min(base.warmup, 1), runs: Math.min(base.runs, 3) }
    const rows: ConsumerVitestRow[] = []
    for (const size of SIZES) {
      rmSync(path.join(project, 'scenarios'), { recursive: true, force: true })
      const kinds = writeCorpus(path.join(repoRoot, 'scenarios'), project, size)
      const scenarios = Object.values(kinds).reduce((sum, count) => sum + count, 0)
      progress(`consumer-vitest: ${scenarios} scenarios, scenario files and defineSnapshotSuite, interleaved`)
      rows.push(await measure(project, env, scenarios, runs))
    }
    const ratio = Math.max(...rows.map((row) => row.ratio))
    return { rows, ratio, lines: renderLines(rows) }
  })
}

async function measure(
  project: string,
  env: NodeJS.ProcessEnv,
  scenarios: number,
  runs: SampleOptions,
): Promise<ConsumerVitestRow> {
  const vitest = path.join(project, 'node_modules', 'vitest', 'vitest.mjs')
  const last: Record<string, SpawnOutcome> = {}
  const variant = (name: string) => async () => {
    const config = `vitest.${name}.config.mjs`
    last[name] = await timedSpawnOk(process.execPath, [vitest, 'run', '-c', config], { cwd: project, env })
  }
  const [files, suite] = await timeInterleaved([variant('files'), variant('suite')], runs)
  const [filesMs, suiteMs] = [median(files!), median(suite!)]
  const tests = (name: string) => /Tests\s+(.*)/.exec(last[name]?.stdout ?? '')?.[1]?.trim() ?? '?'
  return {
    scenarios,
    filesMs,
    suiteMs,
    ratio: filesMs / suiteMs,
    filesTests: tests('files'),
    suiteTests: tests('suite'),
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

function renderLines(rows: readonly ConsumerVitestRow[]): string[] {
  return [
    '== consumer-vitest: vitest in a project that installed the packed dsh ==',
    ...rows.map(
      (row) =>
        `${row.scenarios} scenarios: one file per scenario (scenarioFiles) ${seconds(row.filesMs)} ` +
        `[${row.filesTests}], one defineSnapshotSuite file ${seconds(row.suiteMs)} [${row.suiteTests}]; ` +
        `ratio ${row.ratio.toFixed(2)}× (target ≤ ${FILES_RATIO_LIMIT}×)`,
    ),
  ]
}
