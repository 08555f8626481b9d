// ACP terminal auth (plugins/acp/auth-methods.ts): the client runs the agent's own command with the
// method's args appended, so `dsh --patch x` becomes `dsh --patch x login` and `dsh serve -c a.yml`
// becomes `dsh serve -c a.yml login --env VAR`. Those mean `dsh login` with the same composition.
import type { CliCommand } from './command.ts'

/** argv as `dsh login …` when serve's arguments hold the word `login`; else argv unchanged. */
export function terminalAuthArgv(argv: readonly string[], serve?: Pick<CliCommand, 'name' | 'options'>): string[] {
  if (!serve) return [...argv]
  const first = argv[0]
  const start = first === serve.name ? 1 : first === undefined || first.startsWith('-') ? 0 : undefined
  if (start === undefined) return [...argv]
  const takesValue = new Set(
    Object.entries(serve.options).flatMap(([name, option]) =>
      option.type === 'string' ? [`--${name}`, ...(option.short ? [`-${option.short}`] : [])] : [],
    ),
  )
  let optionValue = false
  for (const [i, arg] of argv.entries()) {
    // Before `start`, or the value of the option before it: not a command word.
    if (i < start || optionValue) {
      optionValue = false
      continue
    }
    if (arg === 'login') return ['login', ...argv.slice(start, i), ...argv.slice(i + 1)]
    if (arg === '--') break
    optionValue = takesValue.has(arg)
  }
  return [...argv]
}
