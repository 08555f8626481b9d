// A command listed with its help up front and its module imported when it first runs
// (host/app/cli/commands.ts), so no command pays for another's modules.
import type { CliCommand } from './command.ts'
import type { CommandHelp } from './command-help.ts'

/** A command whose module is imported on its first run. */
export function onDemand(help: CommandHelp, load: () => Promise<CliCommand>): CliCommand {
  return {
    ...help,
    async run(args, io) {
      const command = await load()
      if (command.name !== help.name)
        throw new Error(`commands.ts lists "${help.name}" but its module exports the command "${command.name}"`)
      return command.run(args, io)
    },
  }
}
