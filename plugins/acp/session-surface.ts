// What a connection announces about a session besides its log's events: the slash commands
// (available_commands_update) and whether the client takes config_option_update. Pure.
import type { AvailableCommand, ClientCapabilities, SessionUpdate } from '@agentclientprotocol/sdk'
import type { SlashCommand } from '../agent/index.ts'

export function commandsUpdate(commands: readonly SlashCommand[]): SessionUpdate {
  const availableCommands: AvailableCommand[] = commands.map(({ name, description, hint }) => ({
    name,
    description,
    ...(hint ? { input: { hint } } : {}),
  }))
  return { sessionUpdate: 'available_commands_update', availableCommands }
}

/**
 * config_option_update goes only to a client that advertised `session.configOptions` at initialize:
 * one that did not may predate config options, and follows changes through current_mode_update.
 */
export function takesConfigOptionUpdates(capabilities: ClientCapabilities | undefined): boolean {
  return capabilities?.session?.configOptions != null
}
