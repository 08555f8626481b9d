import type { CliCommand, CliOption } from './command.ts'

const HELP_OPTION: CliOption = { type: 'boolean', short: 'h', description: 'show help for this command' }

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

function synopsis(command: CliCommand, isDefault: boolean): string {
  const flags = Object.entries(command.options).map(([name, option]) => {
    const flag = `--${name}${option.type === 'string' ? ` ${option.valueName ?? 'VALUE'}` : ''}`
    return option.multiple ? `[${flag}]…` : `[${flag}]`
  })
  const name = isDefault ? `[${command.name}]` : command.name
  return ['dsh', name, ...flags, ...(command.positionals ? [command.positionals] : [])].join(' ')
}

function optionLines(options: Record<string, CliOption>): string[] {
  return Object.entries(options).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : '    '}--${name}${option.type === 'string' ? ` ${option.valueName ?? 'VALUE'}` : ''}`
    return `  ${flag.padEnd(22)} ${option.description}`
  })
}

export function commandUsage(command: CliCommand, defaultCommand: string): string {
  return [
    `Usage: ${synopsis(command, command.name === defaultCommand)}`,
    '',
    command.summary,
    '',
    'Options:',
    ...optionLines({ ...command.options, help: HELP_OPTION }),
    '',
  ].join('\n')
}

export function generalUsage(commands: readonly CliCommand[], defaultCommand: string): string {
  const width = Math.max(...commands.map((command) => command.name.length), 'help'.length) + 2
  return [
    'Usage:',
    ...commands.map((command) => `  ${synopsis(command, command.name === defaultCommand)}`),
    '  dsh help [command]',
    '',
    'Commands:',
    ...commands.map(
      (command) =>
        `  ${command.name.padEnd(width)}${command.summary}${command.name === defaultCommand ? ' (default)' : ''}`,
    ),
    `  ${'help'.padEnd(width)}show this help, or one command's options (also: dsh <command> --help)`,
    '',
    'All diagnostics go to stderr; in serve, stdout carries only ACP protocol bytes.',
    '',
  ].join('\n')
}
