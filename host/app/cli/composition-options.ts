// What `--config` / `--patch` name (their help is in command-help.ts, which --help reads without this).
import { ConfigError } from '../../../plugins/config/errors.ts'
import { defaultConfigFile, patchFile } from '../../../lib/bundled-compositions.ts'
import { stringList, stringOption, type OptionValues } from './command.ts'

/**
 * Paths stay as given (relative to the process cwd), so error messages show what the user typed;
 * without --config, ./cordis.yml or else dsh's own; a bare name in --patch is a bundled overlay.
 */
export function compositionArgs(values: OptionValues): { configFile: string; patches: string[] } {
  const patches = stringList(values, 'patch').map((patch) => {
    try {
      return patchFile(patch)
    } catch (error) {
      throw new ConfigError((error as Error).message)
    }
  })
  return { configFile: stringOption(values, 'config') ?? defaultConfigFile('.'), patches }
}
