// The vitest front end: one `it` per scenario, so `-t <name>` selects scenarios and
// `--shard` splits the suite files (declare several tables to spread scenarios over shards).
// In-process, a file's scenarios run one after another in one host composition (the snapshot
// service reconfigures it between them), booted before the first and disposed after the last.
// `-u` rewrites goldens and sidecars only (never the session logs: they are the model script).
import { basename, dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { discoverScenarios, type LoadedScenario } from '../scenario/discover.ts'
import type { RunMode } from '../core/fixtures.ts'
import { resolveComposition } from '../run/composition.ts'
import { bootHostComposition, type HostComposition } from '../run/host-composition.ts'
import { runScenario } from '../run/run-scenario.ts'
import { orphanProblems, suiteRoot } from './suite-files.ts'

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

/** `DSH_SNAPSHOT=replay|refresh` picks the mode; recording is `dsh test --mode record`, which checks for the key or a stub. */
export function snapshotMode(value = process.env.DSH_SNAPSHOT): RunMode {
  if (value === undefined || value === '' || value === 'replay') return 'replay'
  if (value === 'refresh') return value
  if (value === 'record')
    throw new Error(
      'DSH_SNAPSHOT=record is not run under vitest: record with npx dsh test <name> --mode record (add --stub to record keylessly)',
    )
  throw new Error(`DSH_SNAPSHOT must be replay or refresh, got "${value}"`)
}

export async function defineSnapshotSuite(options: SnapshotSuiteOptions): Promise<void> {
  const testFile = fileURLToPath(options.url)
  const base = dirname(testFile)
  const root = suiteRoot(base, options.root)
  const composition = resolveComposition(options, root, base)
  const mode = snapshotMode()
  const { scenarios: corpus, failures } = await discoverScenarios(root, { mode })
  const inside = relative(root, testFile)
  const label = inside.startsWith('..') ? basename(testFile) : inside
  const selected = selectScenarios(options.scenarios, corpus)

  let host: Promise<HostComposition> | undefined
  const shared = () => (host ??= bootHostComposition({ repoRoot: root, composition, mode }))

  describe(label, () => {
    afterAll(async () => {
      await (await host?.catch(() => undefined))?.dispose()
    })

    it('declares exactly the scenario folders that exist', () => {
      const problems = failures.map((f) => f.error.message)
      if (options.scenarios !== 'all') {
        for (const name of options.scenarios) {
          if (!corpus.some((s) => s.name === name) && !failures.some((f) => f.name === name))
            problems.push(`${label} lists "${name}", but scenarios/${name}/snapshot.yml does not exist`)
        }
        problems.push(...orphanProblems(testFile, corpus))
      }
      expect(problems).toEqual([])
    })

    for (const scenario of selected) {
      it(scenario.name, async () => {
        const updateGoldenOnly = mode === 'replay' && isUpdating()
        const run = { repoRoot: root, composition, corpus, mode: updateGoldenOnly ? 'refresh' : mode, updateGoldenOnly }
        const outcome = options.subprocess
          ? await runScenario(scenario, { ...run, subprocess: true })
          : await (await shared()).snapshot.runOne(scenario, run)
        expect(outcome.failures.join('\n\n')).toBe('')
      })
    }
  })
}

/** The listed scenarios in table order; with 'all', class pins first (a refresh rewrites their sidecars first). */
function selectScenarios(scenarios: 'all' | string[], corpus: readonly LoadedScenario[]): LoadedScenario[] {
  if (scenarios === 'all')
    return [...corpus].sort((a, b) => Number(!!b.manifest.header?.pin) - Number(!!a.manifest.header?.pin))
  return scenarios.flatMap((name) => corpus.filter((s) => s.name === name))
}

/** vitest -u: the snapshot state of the running test says it updates everything. */
function isUpdating(): boolean {
  const state = expect.getState().snapshotState as unknown as { _updateSnapshot?: string } | undefined
  return state?._updateSnapshot === 'all'
}
