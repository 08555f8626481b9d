// Which composition a test run starts from: the user's cordis.yml (or --config) and --patch files,
// as `dsh serve` takes them, resolved once to absolute paths (docs/design.md §9 composition order).
import { resolve } from 'node:path'
import { defaultConfigFile, patchFile, requireCompositionFile } from '../../../lib/bundled-compositions.ts'
import type { TestComposition } from '../service/patches.ts'

export interface CompositionChoice {
  /** Composition file; default `<root>/cordis.yml`, else the bundle's own. */
  config?: string
  /** Overlay files, or bundled short names (`echo`, `read-only`, …), applied in order. */
  patches?: readonly string[]
}

/**
 * Resolve `config` and `patches` against `base` (the process cwd for the CLI, the test file's folder
 * for vitest). A named file that does not exist is a usage error now (exit 2), not once per scenario.
 */
export function resolveComposition(choice: CompositionChoice, root: string, base: string): TestComposition {
  const configFile = choice.config === undefined ? defaultConfigFile(root) : resolve(base, choice.config)
  if (choice.config !== undefined) requireCompositionFile('--config', choice.config, configFile)
  const patches = (choice.patches ?? []).map((patch) => {
    const file = resolve(base, patchFile(patch))
    requireCompositionFile('--patch', patch, file)
    return file
  })
  return { configFile, patches }
}
