import { loadComposition } from '../../../plugins/config/load.ts'
import type { CliCommand } from './command.ts'
import { configHelp } from './command-help.ts'
import { compositionArgs } from './composition-options.ts'
import { renderEntries } from './render-entries.ts'

/** `dsh config`: print the effective entry list; reads files only, imports no plugin module. */
export const configCommand: CliCommand = {
  ...configHelp,
  async run({ values }, io) {
    const { configFile, patches } = compositionArgs(values)
    const { entries } = await loadComposition({ configFile, patches, env: io.env })
    const header = [
      `effective entries of ${[configFile, ...patches.map((patch) => `--patch ${patch}`)].join(' ')}`,
      `./ names are relative to the folder of ${configFile}`,
    ]
    io.stdout(renderEntries(entries, header))
    return 0
  },
}
