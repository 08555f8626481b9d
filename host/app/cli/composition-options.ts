// What `--config` / `--patch` name (their help is in command-help.ts, which --help reads without this).
import { resolve } from 'node:path'
import { defaultConfigFile, patchFile, requireCompositionFile } from '../../../lib/bundled-compositions.ts'
import { stringList, stringOption, type OptionValues } from './command.ts'

/**
 * Paths stay as given (relative to the process cwd), so error messages show what the user typed;
 * without --config, ./cordis.yml or else dsh's own; a bare name in --patch is a bundled overlay.
 * A named file that does not exist is a usage error (exit 2).
 */
export function compositionArgs(values: OptionValues): { configFile: string; patches: string[] } {
  const patches = stringList(values, 'patch').map((patch) => {
    const file = patchFile(patch)
    requireCompositionFile('--patch', patch, resolve(file))
    return file
  })
  const config = stringOption(values, 'config')
  if (config !== undefined) requireCompositionFile('--config', config, resolve(config))
  return { configFile: config ?? defaultConfigFile('.'), patches }
}
