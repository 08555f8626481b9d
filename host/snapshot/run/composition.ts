// Which composition a test run starts from: the user's cordis.yml (or --config) and --patch files,
// as `dsh serve` takes them, resolved once to absolute paths (docs/design.md §9 composition order).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError } from '../../../plugins/config/errors.ts'
import { defaultConfigFile, patchFile } from '../../../lib/bundled-compositions.ts'
import type { TestComposition } from '../plugin/patches.ts'

export interface CompositionChoice {
  /** Composition file; default `<root>/cordis.yml`, else the bundle's own. */
  config?: string
  /** Overlay files, or bundled short names (`echo`, `read-only`, …), applied in order. */
  patches?: readonly string[]
}

/**
 * Resolve `config` and `patches` against `base` (the process cwd for the CLI, the test file's folder
 * for vitest). A named file that does not exist is an error now, not once per scenario.
 */
export function resolveComposition(choice: CompositionChoice, root: string, base: string): TestComposition {
  const configFile = choice.config === undefined ? defaultConfigFile(root) : resolve(base, choice.config)
  if (!existsSync(configFile))
    throw new ConfigError(
      `--config ${choice.config}: no such file (${configFile}); pass the path of your composition file (a cordis.yml)`,
    )
  const patches = (choice.patches ?? []).map((patch) => {
    let file: string
    try {
      file = resolve(base, patchFile(patch))
    } catch (error) {
      throw new ConfigError((error as Error).message)
    }
    if (!existsSync(file))
      throw new ConfigError(`--patch ${patch}: no such file (${file}); pass an overlay file or a bundled overlay name`)
    return file
  })
  return { configFile, patches }
}
