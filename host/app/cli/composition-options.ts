import { stringList, stringOption, type CliOption, type OptionValues } from './command.ts'

/** `--config` / `--patch`, shared by every command that reads the composition. */
export const compositionOptions: Record<string, CliOption> = {
  config: {
    type: 'string',
    short: 'c',
    valueName: 'FILE',
    description: 'composition file (default: cordis.yml in the current folder)',
  },
  patch: {
    type: 'string',
    short: 'p',
    multiple: true,
    valueName: 'FILE',
    description: 'overlay applied after the composition; repeatable, applied in order',
  },
}

export const DEFAULT_CONFIG_FILE = 'cordis.yml'

/** Paths stay as given (relative to the process cwd), so error messages show what the user typed. */
export function compositionArgs(values: OptionValues): { configFile: string; patches: string[] } {
  return { configFile: stringOption(values, 'config') ?? DEFAULT_CONFIG_FILE, patches: stringList(values, 'patch') }
}
