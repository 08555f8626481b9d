// What a scenario folder's snapshot.yml becomes when vitest runs it as a test file (the vite
// plugin in scenario-files.ts compiles it to a call of this): one test, named by the scenario, that
// replays the scenario and judges it with vitest's file snapshots. One file per scenario lets
// `npx vitest run scenarios/<name>/` load only that scenario and `--shard` spread scenarios evenly.
import { basename, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { it } from 'vitest'
import { resolveComposition } from '../run/composition.ts'
import { bootHostComposition } from '../run/host-composition.ts'
import { discoverCached } from './cached-discovery.ts'
import { judgeScenario, SCENARIO_TEST_TIMEOUT_MS } from './judge-scenario.ts'
import { sharedHost } from './shared-hosts.ts'
import { snapshotMode } from './snapshot-mode.ts'

export interface ScenarioFileOptions {
  /** The manifest's URL (`import.meta.url` of the compiled snapshot.yml). */
  url: string
  /** The folder holding scenarios/ (absolute). */
  root: string
  /** Composition file relative to root; default `<root>/cordis.yml`, else the bundle's own. */
  config?: string
  /** Overlay files relative to root, or bundled short names, applied in order after `config`. */
  patches?: string[]
  /** Also run through the built `dsh` over real stdio instead of in-process. */
  subprocess?: boolean
}

export async function defineScenarioFile(options: ScenarioFileOptions): Promise<void> {
  const name = basename(dirname(fileURLToPath(options.url)))
  const composition = resolveComposition(options, options.root, options.root)
  const mode = snapshotMode()
  // The whole corpus is read (cross-scenario rules and the class pin need it), but only this one runs.
  const { scenarios: corpus, failures } = await discoverCached(options.root, {
    mode,
    goldensOptional: true,
    obsoleteHandled: true,
  })
  const scenario = corpus.find((s) => s.name === name)
  const failure = failures.find((f) => f.name === name)
  const host = () =>
    sharedHost(JSON.stringify([options.root, composition, mode]), () =>
      bootHostComposition({ repoRoot: options.root, composition, mode }),
    )
  it(
    name,
    async ({ annotate }) => {
      if (!scenario) throw failure?.error ?? new Error(`scenarios/${name}/snapshot.yml did not load`)
      const context = { root: options.root, corpus, composition, subprocess: options.subprocess }
      // In a worker that shares hosts (shared-hosts.ts) the scenario runs in its host; else in one of its own.
      const shared = options.subprocess ? undefined : host()
      const judged = shared ? { ...context, service: async () => (await shared).snapshot } : context
      await judgeScenario(scenario, judged, (message) => annotate(message, 'notice'))
    },
    SCENARIO_TEST_TIMEOUT_MS,
  )
}
