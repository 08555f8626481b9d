import { ConfigError } from '../../../plugins/config/errors.ts'
import { defaultConfigFile, patchFile } from '../../../lib/bundled-compositions.ts'
import { stringList, stringOption, type CliOption, type OptionValues } from './command.ts'

/** `--config` / `--patch`, shared by every command that reads the composition. */
export const compositionOptions: Record<string, CliOption> = {
  config: {
    type: 'string',
    short: 'c',
    valueName: 'FILE',
    description: "composition file (default: cordis.yml in the current folder, else dsh's own)",
  },
  patch: {
    type: 'string',
    short: 'p',
    multiple: true,
    valueName: 'FILE',
    description: 'overlay file, or a bundled one by name (snapshot, record, echo, …); repeatable, in order',
  },
}

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
