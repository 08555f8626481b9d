import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { nearMisses } from '../../lib/did-you-mean.ts'
import { packageFile } from '../../lib/package-root.ts'
import { isUsageError } from '../../lib/usage-error.ts'
import type { CliCommand, CliIO, OptionValues } from './cli/command.ts'
import { commands, DEFAULT_COMMAND } from './cli/commands.ts'
import { terminalAuthArgv } from './cli/terminal-auth-args.ts'
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
  isTTY: { stdin: process.stdin.isTTY, stdout: process.stdout.isTTY, stderr: process.stderr.isTTY },
  answer: (question) => terminalAnswers().then((answer) => answer(question)),
  secret: (question) => import('./cli/secret-input.ts').then(({ readSecret }) => readSecret(question)),
}

/** The reader of answers, loaded by the first question: most commands never ask one. */
let answers: Promise<(question: string) => Promise<string | undefined>> | undefined
const terminalAnswers = () => (answers ??= import('./cli/terminal-answer.ts').then((m) => m.stdinAnswers()))

/** `dsh 0.1.0`: the installed package's version. */
export function versionLine(): string {
  const { version } = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }
  return `dsh ${version}\n`
}

/** Run `dsh <argv>`; resolves with the exit code. Never writes diagnostics to stdout. */
export async function main(
  argv: readonly string[],
  io: CliIO = processIO,
  table: readonly CliCommand[] = commands,
): Promise<number> {
  const find = (name: string) => table.find((command) => command.name === name)
  // An ACP client's terminal auth appends `login` to the agent's command: that is `dsh login`.
  const words = terminalAuthArgv(argv, find(DEFAULT_COMMAND))
  const [first, ...rest] = words
  if (first === '--version' || first === '-v') {
    io.stdout(versionLine())
    return 0
  }
  if (first === 'help' || first === '--help' || first === '-h') return showHelp(io, table, first === 'help' ? rest : [])

  const explicit = first !== undefined && !first.startsWith('-')
  const command = find(explicit ? first : DEFAULT_COMMAND)
  if (!command) {
    const names = table.map((known) => known.name)
    return usageError(io, `unknown command "${first}"${meant(first ?? '', names)}`, 'dsh --help')
  }
  const args = explicit ? rest : words
  const help = `dsh ${command.name} --help`

  let parsed: { values: OptionValues; positionals: string[] }
  try {
    parsed = parseArgs({
      args,
      options: parseArgsOptions(command),
      allowPositionals: Boolean(command.positionals),
      strict: true,
    })
  } catch (error) {
    return usageError(io, describeParseError(error as Error & { code?: string }, command), help)
  }
  if (parsed.values.help) {
    io.stdout(commandUsage(command, DEFAULT_COMMAND))
    return 0
  }

  try {
    return await command.run(parsed, io)
  } catch (error) {
    if (isUsageError(error)) return usageError(io, error.message, help)
    // Loaded on failure only: it names error classes whose modules a --help run never needs.
    const { describeFailure } = await import('./cli/describe-failure.ts')
    io.stderr(`${describeFailure(error)}\n`)
    return 1
  }
}

/** One line saying what is wrong (with a near miss when there is one) and where the usage is: exit 2. */
function usageError(io: CliIO, message: string, helpCommand: string): number {
  io.stderr(`dsh: ${message}\nRun ${helpCommand} for usage.\n`)
  return EXIT_USAGE
}

/** `dsh help [topic]`, `dsh --help`: the general usage, or one command's. */
function showHelp(io: CliIO, table: readonly CliCommand[], topics: readonly string[]): number {
  const [topic, ...more] = topics
  if (topic === undefined) {
    io.stdout(generalUsage(table, DEFAULT_COMMAND))
    return 0
  }
  const command = table.find((known) => known.name === topic)
  if (more.length || !command) {
    const names = table.map((known) => known.name)
    return usageError(io, `unknown help topic "${topics.join(' ')}"${meant(topic, names)}`, 'dsh --help')
  }
  io.stdout(commandUsage(command, DEFAULT_COMMAND))
  return 0
}

function meant(given: string, known: readonly string[]): string {
  const close = nearMisses(given, known)
  return close.length ? `; did you mean ${close.map((name) => `"${name}"`).join(' or ')}?` : ''
}

/** node:util parseArgs errors, said the way the rest of dsh says things (unknown options get a near miss). */
function describeParseError(error: Error & { code?: string }, command: CliCommand): string {
  const options = Object.keys(parseArgsOptions(command)).map((name) => `--${name}`)
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /Unknown option '([^']+)'/.exec(error.message)?.[1] ?? '?'
    const close = nearMisses(given.replace(/=.*$/s, ''), options)
    const hint = close.length ? `; did you mean ${close.join(' or ')}?` : ''
    return `unknown option ${given} for dsh ${command.name}${hint}`
  }
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `dsh ${command.name} takes no arguments, got ${/'([^']*)'/.exec(error.message)?.[1] ?? 'one'}`
  // e.g. "Option '--mode <value>' argument missing"
  return error.message.replace(/\. .*$/s, '').replace(/^Option/, 'option')
}

// Run when executed directly (`node --import tsx host/app/cli.ts …` or `node dist/host/app/cli.js …`);
// bin/dsh.js imports this module and calls main() itself.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await main(process.argv.slice(2)))
}
