// Help text: aligned columns computed from the longest entry, so long flags never run into their
// descriptions, and descriptions wrap under their own column at the terminal width.
import type { CliCommand, CliOption } from './command.ts'

const HELP_OPTION: CliOption = { type: 'boolean', short: 'h', description: 'show help for this command' }
/** Help is read in terminals of at least this width; wider lines wrap under the description column. */
const WIDTH = 100

/** Every command's options plus -h/--help, in node:util parseArgs form. */
export function parseArgsOptions(command: CliCommand) {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {}
  for (const [name, option] of Object.entries({ ...command.options, help: HELP_OPTION })) {
    options[name] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      ...(option.multiple ? { multiple: true } : {}),
    }
  }
  return options
}

function flagText(name: string, option: CliOption): string {
  return `--${name}${option.type === 'string' ? ` ${option.valueName ?? 'VALUE'}` : ''}`
}

/** `Usage: dsh test [--mode …] …`, wrapped with continuation lines under the first flag. */
function synopsis(command: CliCommand, isDefault: boolean): string {
  const flags = Object.entries(command.options).map(([name, option]) =>
    option.multiple ? `[${flagText(name, option)}]…` : `[${flagText(name, option)}]`,
  )
  const head = `Usage: dsh ${isDefault ? `[${command.name}]` : command.name}`
  const words = [...flags, ...(command.positionals ? [command.positionals] : [])]
  const lines = wrap(words, WIDTH - head.length - 1)
  return lines.map((line, index) => `${index === 0 ? head : ' '.repeat(head.length)} ${line}`.trimEnd()).join('\n')
}

/** Two columns: `left` padded to the widest left cell, `right` wrapped under its own column. */
export function columns(rows: ReadonlyArray<readonly [string, string]>, indent = 2): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2
  const room = Math.max(30, WIDTH - indent - width)
  return rows.flatMap(([left, right]) => {
    const lines = wrap(right.split(' '), room)
    const pad = ' '.repeat(indent)
    return lines.map((line, index) => `${pad}${(index === 0 ? left : '').padEnd(width)}${line}`.trimEnd())
  })
}

/** Join tokens with spaces into lines of at most `room` characters (a longer token gets a line of its own). */
function wrap(tokens: readonly string[], room: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of tokens) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return [...lines, line]
}

export function commandUsage(command: CliCommand, defaultCommand: string): string {
  const rows = Object.entries({ ...command.options, help: HELP_OPTION }).map(
    ([name, option]) =>
      [`${option.short ? `-${option.short}, ` : '    '}${flagText(name, option)}`, option.description] as const,
  )
  return [
    synopsis(command, command.name === defaultCommand),
    '',
    command.summary,
    '',
    'Options:',
    ...columns(rows),
    '',
  ].join('\n')
}

export function generalUsage(commands: readonly CliCommand[], defaultCommand: string): string {
  const rows = [
    ...commands.map(
      (command) => [command.name, `${command.summary}${command.name === defaultCommand ? ' (default)' : ''}`] as const,
    ),
    ['help', "show this help, or one command's options (also: dsh <command> --help)"] as const,
  ]
  return [
    'Usage:',
    `  dsh [command] [options]     (the command defaults to ${defaultCommand})`,
    '  dsh help [command]',
    '  dsh --version',
    '',
    'Commands:',
    ...columns(rows),
    '',
    'Diagnostics and progress go to stderr, reports to stdout; in serve, stdout carries only ACP protocol bytes.',
    '',
  ].join('\n')
}
