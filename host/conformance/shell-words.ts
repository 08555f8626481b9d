// `--agent-command "<cmd>"` is split here instead of being handed to a shell: the agent is
// spawned without one, so what the user typed must mean exactly one argv. The rules are the
// POSIX-shell quoting rules people already know; anything that would need a real shell
// (pipes, redirections, `$VAR`, globs) is an error rather than a silently literal character.

import { UsageError } from '../../lib/usage-error.ts'

/** A command line that is not one argv without a shell: a bad --agent-command (the CLI exits 2). */
export class ShellWordsError extends UsageError {
  override name = 'ShellWordsError'
}

/** Characters a shell would interpret; unquoted they are refused (quote them, or wrap in `sh -c '…'`). */
const SHELL_SPECIAL = new Set(['|', '&', ';', '<', '>', '(', ')', '$', '`', '*', '?', '[', ']', '{', '}', '~'])

/**
 * Split a command line into words: whitespace separates; '…' is literal; "…" is literal except
 * `\"`, `\\`, `\$` and `` \` ``; outside quotes a backslash escapes the next character.
 */
export function splitShellWords(line: string): string[] {
  return new WordReader(line).words()
}

/** One pass over the line; `i` is the next character, each method consumes one construct. */
class WordReader {
  private i = 0
  private word = ''
  private inWord = false
  private readonly done: string[] = []

  constructor(private readonly line: string) {}

  words(): string[] {
    while (this.i < this.line.length) {
      const ch = this.line.charAt(this.i)
      if (ch === ' ' || ch === '\t' || ch === '\n') {
        this.endWord()
        this.i++
        continue
      }
      const atWordStart = !this.inWord
      this.inWord = true
      if (ch === "'") this.singleQuoted()
      else if (ch === '"') this.doubleQuoted()
      else if (ch === '#' && atWordStart) {
        this.fail(
          `unquoted # at character ${this.i + 1} would start a shell comment; quote it if it is part of an argument`,
        )
      } else if (ch === '\\') this.escaped()
      else if (SHELL_SPECIAL.has(ch) && !(ch === '~' && !atWordStart)) this.special(ch)
      else {
        // Only a leading `~` expands in a shell; inside a word (file~1) it is an ordinary character.
        this.word += ch
        this.i++
      }
    }
    this.endWord()
    return this.done
  }

  private endWord(): void {
    if (this.inWord) this.done.push(this.word)
    this.word = ''
    this.inWord = false
  }

  private singleQuoted(): void {
    const end = this.line.indexOf("'", this.i + 1)
    if (end < 0) this.fail(`unterminated single quote at character ${this.i + 1}; close it with '`)
    this.word += this.line.slice(this.i + 1, end)
    this.i = end + 1
  }

  private doubleQuoted(): void {
    const { line } = this
    this.i++
    for (;;) {
      if (this.i >= line.length) this.fail('unterminated double quote; close it with "')
      const c = line.charAt(this.i)
      if (c === '"') break
      const next = line[this.i + 1]
      if (c === '\\' && next !== undefined && '"\\$`'.includes(next)) {
        this.word += next
        this.i += 2
        continue
      }
      if (c === '$' || c === '`')
        this.fail(
          `${c} inside double quotes would need a shell (no expansion is done); put the value itself, or use '…'`,
        )
      this.word += c
      this.i++
    }
    this.i++
  }

  private escaped(): void {
    if (this.i + 1 >= this.line.length) this.fail('ends with a backslash; remove it or escape it as \\\\')
    this.word += this.line[this.i + 1]
    this.i += 2
  }

  private special(ch: string): never {
    return this.fail(
      `unquoted ${JSON.stringify(ch)} at character ${this.i + 1} needs a shell, and the agent is started without ` +
        `one; quote it, or wrap the command as sh -c '…'`,
    )
  }

  private fail(message: string): never {
    throw new ShellWordsError(`--agent-command ${JSON.stringify(this.line)}: ${message}`)
  }
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
  for (let assignment = words[0]; assignment !== undefined; assignment = words[0]) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(assignment)) break
    words.shift()
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
