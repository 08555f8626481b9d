// The vitest front end: one `it` per scenario, so `-t <name>` selects scenarios and
// `--shard` splits the suite files (declare several tables to spread scenarios over shards).
// `-u` rewrites goldens and sidecars only (never the session logs: they are the model script).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { discoverScenarios } from '../scenario/discover.ts'
import type { RunMode } from '../core/fixtures.ts'
import { runScenario } from '../run/run-scenario.ts'

export interface SnapshotSuiteOptions {
  /** The test file's `import.meta.url`: scenarios are looked up next to it. */
  url: string
  /** Scenario folder names this file runs. */
  scenarios: string[]
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
  const scenariosDir = dirname(fileURLToPath(options.url))
  const repoRoot = dirname(scenariosDir)
  const mode = snapshotMode()
  const { scenarios: corpus, failures } = await discoverScenarios(repoRoot, { mode })
  const file = fileURLToPath(options.url).slice(repoRoot.length + 1)

  describe(file, () => {
    it('declares exactly the scenario folders that exist', () => {
      const problems = failures.map((f) => f.error.message)
      for (const name of options.scenarios) {
        if (!corpus.some((s) => s.name === name))
          problems.push(`${file} lists "${name}", but scenarios/${name}/snapshot.yml does not exist`)
      }
      const declared = declaredEverywhere(scenariosDir)
      for (const scenario of corpus) {
        if (!declared.has(scenario.name))
          problems.push(
            `scenarios/${scenario.name} is in no *.snapshot.test.ts table; add it to one (an orphan would never run)`,
          )
      }
      expect(problems).toEqual([])
    })

    for (const name of options.scenarios) {
      const scenario = corpus.find((s) => s.name === name)
      if (!scenario) continue
      it(name, async () => {
        const updateGoldenOnly = mode === 'replay' && isUpdating()
        const outcome = await runScenario(scenario, {
          repoRoot,
          corpus,
          mode: updateGoldenOnly ? 'refresh' : mode,
          updateGoldenOnly,
          subprocess: options.subprocess,
        })
        expect(outcome.failures.join('\n\n')).toBe('')
      })
    }
  })
}

/** vitest -u: the snapshot state of the running test says it updates everything. */
function isUpdating(): boolean {
  const state = expect.getState().snapshotState as unknown as { _updateSnapshot?: string } | undefined
  return state?._updateSnapshot === 'all'
}

/** Scenario names quoted in any suite table next to this one. */
function declaredEverywhere(scenariosDir: string): Set<string> {
  const names = new Set<string>()
  for (const entry of readdirSync(scenariosDir)) {
    if (!entry.endsWith('.snapshot.test.ts')) continue
    const text = readFileSync(join(scenariosDir, entry), 'utf8')
    for (const match of text.matchAll(/['"]([a-z0-9]+(?:-[a-z0-9]+)*)['"]/g)) names.add(match[1])
  }
  return names
}
