// The vitest front end for a table of scenarios in one test file: a folder check, then one test
// per scenario named by the scenario alone (select exactly one with `-t '^name$'`), judged with
// vitest's file snapshots (judge-scenario.ts). `-u` creates and rewrites goldens and sidecars and
// removes obsolete ones, never the session logs (they are the model script). For one test file per
// scenario (fast selection, even --shard), use the scenarioFiles vite plugin instead (docs/test-host.md).
// In-process, a file's scenarios run one after another in one host composition (the snapshot
// service reconfigures it between them), booted before the first and disposed after the last.
import { basename, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, it } from 'vitest'
import { discoverScenarios, type LoadedScenario } from '../scenario/discover.ts'
import { resolveComposition } from '../run/composition.ts'
import { bootHostComposition, type HostComposition } from '../run/host-composition.ts'
import { settleLeftovers } from './corpus-checks.ts'
import { pinsFirst } from '../service/select.ts'
import { judgeScenario, SCENARIO_TEST_TIMEOUT_MS } from './judge-scenario.ts'
import { snapshotMode } from './snapshot-mode.ts'
import { orphanProblems, suiteRoot } from './suite-files.ts'
import { relativeInside } from '../../../lib/path-inside.ts'

export { snapshotMode } from './snapshot-mode.ts'

export interface SnapshotSuiteOptions {
  /** The test file's `import.meta.url`; relative paths below are relative to its folder. */
  url: string
  /** The folder holding `scenarios/`; default: the nearest folder at or above the test file that has one. */
  root?: string
  /** Composition file; default `<root>/cordis.yml`, else the bundle's own. */
  config?: string
  /** Overlay files (or bundled short names such as `echo`), applied in order after `config`. */
  patches?: string[]
  /**
   * `'all'`: every scenario folder under `<root>/scenarios/`. A list: exactly these; then every
   * folder must be in this or a sibling `*.snapshot.test.*` table (an orphan would never run).
   */
  scenarios: 'all' | string[]
  /** Also run each scenario through the built `dsh` over real stdio. */
  subprocess?: boolean
}

export async function defineSnapshotSuite(options: SnapshotSuiteOptions): Promise<void> {
  const testFile = fileURLToPath(options.url)
  const base = dirname(testFile)
  const root = suiteRoot(base, options.root)
  const composition = resolveComposition(options, root, base)
  const mode = snapshotMode()
  const discovery = await discoverScenarios(root, {
    mode,
    goldensOptional: true,
    obsoleteHandled: true,
  })
  const { scenarios: corpus, failures } = discovery
  const label = relativeInside(root, testFile) ?? basename(testFile)
  const selected = selectScenarios(options.scenarios, corpus)
  let host: Promise<HostComposition> | undefined
  const shared = async () => (await (host ??= bootHostComposition({ repoRoot: root, composition, mode }))).snapshot
  afterAll(async () => {
    await (await host?.catch(() => undefined))?.dispose()
  })

  it('declares exactly the scenario folders that exist', async () => {
    const problems = failures.map((f) => f.error.message)
    if (options.scenarios !== 'all') {
      for (const name of options.scenarios) {
        if (!corpus.some((s) => s.name === name) && !failures.some((f) => f.name === name))
          problems.push(`${label} lists "${name}", but scenarios/${name}/snapshot.yml does not exist`)
      }
      problems.push(...orphanProblems(testFile, corpus))
    }
    problems.push(...(await settleLeftovers(root, discovery.leftovers)))
    if (problems.length) throw new Error(problems.join('\n\n'))
  })

  for (const scenario of selected) {
    const context = { root, corpus, composition, subprocess: options.subprocess }
    const judge = () => judgeScenario(scenario, options.subprocess ? context : { ...context, service: shared })
    it(scenario.name, judge, SCENARIO_TEST_TIMEOUT_MS)
  }
}

/** The listed scenarios in table order; with 'all', class pins first (a refresh rewrites their sidecars first). */
function selectScenarios(scenarios: 'all' | string[], corpus: readonly LoadedScenario[]): LoadedScenario[] {
  if (scenarios === 'all') return pinsFirst(corpus)
  return scenarios.flatMap((name) => corpus.filter((s) => s.name === name))
}
