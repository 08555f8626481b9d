// `--agent-command "<cmd>"` is split here instead of being handed to a shell: the agent is
// spawned without one, so what the user typed must mean exactly one argv. The rules are the
// POSIX-shell quoting rules people already know; anything that would need a real shell
// (pipes, redirections, `$VAR`, globs) is an error rather than a silently literal character.

export class ShellWordsError extends Error {
  override name = 'ShellWordsError'
}

/** Characters a shell would interpret; unquoted they are refused (quote them, or wrap in `sh -c '…'`). */
const SHELL_SPECIAL = new Set(['|', '&', ';', '<', '>', '(', ')', '$', '`', '*', '?', '[', ']', '{', '}', '~'])

/**
 * Split a command line into words: whitespace separates; '…' is literal; "…" is literal except
 * `\"`, `\\`, `\$` and `` \` ``; outside quotes a backslash escapes the next character.
 */
export function splitShellWords(line: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let i = 0
  const fail = (message: string): never => {
    throw new ShellWordsError(`--agent-command ${JSON.stringify(line)}: ${message}`)
  }
  while (i < line.length) {
    const ch = line[i]!
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) words.push(word)
      word = ''
      inWord = false
      i++
      continue
    }
    const atWordStart = !inWord
    inWord = true
    if (ch === "'") {
      const end = line.indexOf("'", i + 1)
      if (end < 0) fail(`unterminated single quote at character ${i + 1}; close it with '`)
      word += line.slice(i + 1, end)
      i = end + 1
    } else if (ch === '"') {
      i++
      for (;;) {
        if (i >= line.length) fail('unterminated double quote; close it with "')
        const c = line[i]!
        if (c === '"') break
        if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
          word += line[i + 1]
          i += 2
          continue
        }
        if (c === '$' || c === '`')
          fail(
            `${c} inside double quotes would need a shell (no expansion is done); ` +
              `put the value itself, or use '…'`,
          )
        word += c
        i++
      }
      i++
    } else if (ch === '#' && atWordStart) {
      fail(`unquoted # at character ${i + 1} would start a shell comment; quote it if it is part of an argument`)
    } else if (ch === '\\') {
      if (i + 1 >= line.length) fail('ends with a backslash; remove it or escape it as \\\\')
      word += line[i + 1]
      i += 2
    } else if (SHELL_SPECIAL.has(ch)) {
      // Only a leading `~` expands in a shell; inside a word (file~1) it is an ordinary character.
      if (ch === '~' && !atWordStart) {
        word += ch
        i++
        continue
      }
      fail(
        `unquoted ${JSON.stringify(ch)} at character ${i + 1} needs a shell, and the agent is started without one; ` +
          `quote it, or wrap the command as sh -c '…'`,
      )
    } else {
      word += ch
      i++
    }
  }
  if (inWord) words.push(word)
  return words
}

export interface AgentCommand {
  command: string
  args: string[]
  /** Leading NAME=value words, as a shell would set them for the command. */
  env: Record<string, string>
}

/** `[NAME=value …] program [arg …]`, split with splitShellWords. */
export function parseAgentCommand(line: string): AgentCommand {
  const words = splitShellWords(line)
  const env: Record<string, string> = {}
  while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) {
    const assignment = words.shift()!
    const eq = assignment.indexOf('=')
    env[assignment.slice(0, eq)] = assignment.slice(eq + 1)
  }
  const [command, ...args] = words
  if (!command)
    throw new ShellWordsError(
      `--agent-command ${JSON.stringify(line)}: names no program to run; e.g. --agent-command "npx dsh --patch ` +
        `overlays/echo.cordis.yml"`,
    )
  return { command, args, env }
}
