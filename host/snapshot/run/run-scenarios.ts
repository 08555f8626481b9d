// The programmatic front door (`dsh/host`, and what `dsh test` calls): a project's scenarios
// against the user's composition, with the same defaults as the command line.
import { resolve } from 'node:path'
import { resolveComposition, type CompositionChoice } from './composition.ts'
import { runSuiteMode, type SuiteModeOptions } from './record-modes.ts'
import type { SuiteResult } from './run-suite.ts'

export interface RunScenariosOptions extends CompositionChoice, Omit<SuiteModeOptions, 'repoRoot' | 'composition'> {
  /** The folder holding `scenarios/`; default the process cwd. `config` and `patches` are relative to the cwd. */
  root?: string
}

/** Run the selected scenarios (all by default) one after another; never throws for a failing scenario. */
export async function runScenarios(options: RunScenariosOptions = {}): Promise<SuiteResult> {
  const { root = '.', config, patches, ...suite } = options
  const repoRoot = resolve(root)
  const composition = resolveComposition({ config, patches }, repoRoot, process.cwd())
  return runSuiteMode({ ...suite, repoRoot, composition })
}
