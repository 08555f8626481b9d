// Run a slash command a prompt named and log what it answered (`command/run`); the ACP bridge
// shows the answer as an agent message. A failing command is an answer too, not a failed prompt.
import type { SessionStore } from '../session/index.ts'
import type { CommandCall } from './commands.ts'
import type { TurnOutcome } from './turn.ts'

export async function runCommand(store: SessionStore, sessionId: string, call: CommandCall): Promise<TurnOutcome> {
  const { command, input } = call
  let output: string
  let isError = false
  try {
    output = await command.run(input, { sessionId })
  } catch (error) {
    output = `/${command.name} failed: ${error instanceof Error ? error.message : String(error)}`
    isError = true
  }
  store.append(sessionId, 'command/run', { name: command.name, input, output, isError })
  return { reason: 'end_turn' }
}
