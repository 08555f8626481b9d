import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { UsageError, type CliCommand, type CliIO, type OptionValues } from './cli/command.ts'
import { commands, DEFAULT_COMMAND } from './cli/commands.ts'
import { commandUsage, generalUsage, parseArgsOptions } from './cli/usage.ts'

export type { CliCommand, CliIO } from './cli/command.ts'

/** Exit codes: 0 ok, 1 the command failed, 2 bad command line. */
export const EXIT_USAGE = 2

const processIO: CliIO = {
  stdout: (text) => {
    process.stdout.write(text)
  },
  stderr: (text) => {
    process.stderr.write(text)
  },
  env: process.env,
}

/** Run `dsh <argv>`; resolves with the exit code. Never writes diagnostics to stdout. */
export async function main(
  argv: readonly string[],
  io: CliIO = processIO,
  table: readonly CliCommand[] = commands,
): Promise<number> {
  const [first, ...rest] = argv
  const usage = generalUsage(table, DEFAULT_COMMAND)
  const find = (name: string) => table.find((command) => command.name === name)

  if (first === 'help' || first === '--help' || first === '-h') {
    if (first !== 'help' || rest.length === 0) {
      io.stdout(usage)
      return 0
    }
    const command = find(rest[0])
    if (rest.length > 1 || !command) return usageError(io, `unknown help topic "${rest.join(' ')}"`, usage)
    io.stdout(commandUsage(command, DEFAULT_COMMAND))
    return 0
  }

  const explicit = first !== undefined && !first.startsWith('-')
  const command = find(explicit ? first : DEFAULT_COMMAND)
  if (!command) return usageError(io, `unknown command "${first}"`, usage)
  const args = explicit ? rest : [...argv]

  let parsed: { values: OptionValues; positionals: string[] }
  try {
    parsed = parseArgs({
      args,
      options: parseArgsOptions(command),
      allowPositionals: Boolean(command.positionals),
      strict: true,
    })
  } catch (error) {
    return usageError(io, (error as Error).message, commandUsage(command, DEFAULT_COMMAND))
  }
  if (parsed.values.help) {
    io.stdout(commandUsage(command, DEFAULT_COMMAND))
    return 0
  }

  try {
    return await command.run(parsed, io)
  } catch (error) {
    if (error instanceof UsageError) return usageError(io, error.message, commandUsage(command, DEFAULT_COMMAND))
    // Loaded on failure only: it names error classes whose modules a --help run never needs.
    const { describeFailure } = await import('./cli/describe-failure.ts')
    io.stderr(`${describeFailure(error)}\n`)
    return 1
  }
}

function usageError(io: CliIO, message: string, usage: string): number {
  io.stderr(`dsh: ${message}\n\n${usage}`)
  return EXIT_USAGE
}

// Run when executed directly (`node --import tsx host/app/cli.ts …` or `node dist/host/app/cli.js …`);
// bin/dsh.js imports this module and calls main() itself.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await main(process.argv.slice(2)))
}
