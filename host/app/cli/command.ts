// The shape of one `dsh <command>`: declared options (parsed by host/app/cli.ts with node:util
// parseArgs, strict) and a run function. Add a command by writing one file exporting a
// CliCommand and adding it to the table in ./commands.ts.

import { colorEnabled, painter, type Paint } from '../../../lib/style.ts'

export interface CliIO {
  /** Command output (e.g. `dsh config`'s YAML). `serve` never writes here: stdout is the ACP channel. */
  stdout(text: string): void
  /** Diagnostics, one or more lines. */
  stderr(text: string): void
  /** Environment for `!env` and live-mode decisions; process.env in real runs. */
  env: NodeJS.ProcessEnv
  /** Which streams are terminals (colour is only for those, lib/style.ts); none when absent. */
  isTTY?: { stdin?: boolean; stdout?: boolean; stderr?: boolean }
  /**
   * One short answer (`dsh review`'s keys): a single key at a terminal, no Enter; a line when stdin
   * is a pipe; undefined at the end of the input. Absent: nobody answers (nothing is decided).
   */
  answer?(question: string): Promise<string | undefined>
  /**
   * One secret (`dsh login`'s key): never echoed at a terminal; stdin's first line from a pipe;
   * undefined at the end of the input or when cancelled. Absent: nobody can type one.
   */
  secret?(question: string): Promise<string | undefined>
}

/** Colour for one of the CLI's streams, as the terminal and NO_COLOR / FORCE_COLOR decide. */
export function paintFor(io: CliIO, stream: 'stdout' | 'stderr'): Paint {
  return painter(colorEnabled(io.env, io.isTTY?.[stream]))
}

export interface CliOption {
  type: 'string' | 'boolean'
  short?: string
  multiple?: boolean
  /** Shown in help, e.g. "FILE". */
  valueName?: string
  description: string
}

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>

export interface CliCommand {
  name: string
  /** One line for `dsh --help`. */
  summary: string
  /** Options; `-h/--help` is added to every command by the parser. */
  options: Record<string, CliOption>
  /** Positional arguments, e.g. "[name…]"; omit when the command takes none. */
  positionals?: string
  run(args: { values: OptionValues; positionals: string[] }, io: CliIO): Promise<number>
}

/** Bad command line or unknown name: the parser prints it with a pointer to --help and exits 2. */
export { UsageError } from '../../../lib/usage-error.ts'

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

export function stringList(values: OptionValues, name: string): string[] {
  const value = values[name]
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? [value]
      : []
}
