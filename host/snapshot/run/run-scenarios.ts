// The programmatic front door (`dsh/host`, and what `dsh test` calls): a project's scenarios
// against the user's composition, with the same defaults as the command line.
import { resolve } from 'node:path'
import { resolveComposition, type CompositionChoice } from './composition.ts'
import { runSuite, type SuiteOptions, type SuiteResult } from './run-suite.ts'

export interface RunScenariosOptions extends CompositionChoice, Omit<SuiteOptions, 'repoRoot' | 'composition'> {
  /** The folder holding `scenarios/`; default the process cwd. `config` and `patches` are relative to the cwd. */
  root?: string
}

/** Run the selected scenarios (all by default) one after another; never throws for a failing scenario. */
export async function runScenarios(options: RunScenariosOptions = {}): Promise<SuiteResult> {
  const { root = '.', config, patches, ...suite } = options
  const repoRoot = resolve(root)
  const composition = resolveComposition({ config, patches }, repoRoot, process.cwd())
  return runSuite({ ...suite, repoRoot, composition })
}
