// Slash commands (ACP `available_commands_update`): a prompt that starts with `/name` runs the
// command instead of a model turn. The agent registers its own; any plugin adds more with
// `ctx.agent.commands.register(command, ctx)`, removed again when that plugin stops.
import type { ContentBlock } from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'

export interface CommandContext {
  sessionId: string
}

export interface SlashCommand {
  /** The name after the slash: lower-case letters, digits, `-` and `_`. */
  name: string
  description: string
  /** What to type after the name (the client shows it as a hint); absent when the command takes nothing. */
  hint?: string
  /** The text shown to the user; a thrown error is shown as the command's failure. */
  run(input: string, context: CommandContext): string | Promise<string>
}

export interface CommandCall {
  command: SlashCommand
  input: string
}

const NAME = /^[a-z0-9][a-z0-9_-]*$/

export class CommandRegistry {
  private readonly commands = new Map<string, SlashCommand>()

  constructor(private readonly owner: Context) {}

  /** Adds a command until the caller's fiber is disposed (or the returned disposer runs). */
  register(command: SlashCommand, caller: Context = this.owner): () => void {
    if (!NAME.test(command.name))
      throw new Error(`slash command name "${command.name}" must match ${NAME} (lower case, no slash)`)
    if (this.commands.has(command.name))
      throw new Error(`a slash command named "/${command.name}" is already registered`)
    return caller.effect(() => {
      this.commands.set(command.name, command)
      return () => {
        if (this.commands.get(command.name) === command) this.commands.delete(command.name)
      }
    }, `slash command /${command.name}`)
  }

  /** The commands in registration order. */
  list(): SlashCommand[] {
    return [...this.commands.values()]
  }

  /** The command a prompt starts with, if it names a registered one; an unknown `/word` is text for the model. */
  match(content: readonly ContentBlock[]): CommandCall | undefined {
    const parsed = parseCommandLine(content)
    const command = parsed && this.commands.get(parsed.name)
    return command ? { command, input: parsed.input } : undefined
  }
}

/** `/name rest…` at the very start of the prompt's first block (a text block), else undefined. Pure. */
function parseCommandLine(content: readonly ContentBlock[]): { name: string; input: string } | undefined {
  const first = content[0]
  if (first?.type !== 'text') return undefined
  const match = /^\/([a-z0-9][a-z0-9_-]*)(?:\s+([\s\S]*))?$/.exec(first.text.trim())
  if (!match) return undefined
  const [, name = '', input = ''] = match
  return { name, input: input.trim() }
}
