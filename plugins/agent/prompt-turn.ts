// One prompt to a live session: a slash command answers at once; else a model turn runs, tracked
// while in flight, since shutdown and session/close wait for its ending to reach the log.
import type { ContentBlock } from '@agentclientprotocol/sdk'
import { runCommand } from './command-run.ts'
import type { CommandRegistry } from './commands.ts'
import { closePreviousTurn } from './interrupted.ts'
import type { PromptClient } from './prompt-client.ts'
import { AgentRequestError } from './request-error.ts'
import type { SessionRuntime } from './session-runtime.ts'
import { runTurn, type TurnOutcome } from './turn.ts'
import { Turn } from './turn-state.ts'
import type { TurnServices } from './turn-services.ts'

/** The turns in flight, all and per session. */
export interface TurnsInFlight {
  all: Set<Promise<unknown>>
  of: Map<string, Promise<unknown>>
}

interface PromptHost {
  commands: Pick<CommandRegistry, 'match'>
  services: TurnServices
  inFlight: TurnsInFlight
}

export async function promptTurn(
  host: PromptHost,
  sessionId: string,
  runtime: SessionRuntime,
  content: ContentBlock[],
  client: PromptClient,
): Promise<TurnOutcome> {
  if (runtime.running)
    throw new AgentRequestError(
      `session "${sessionId}" already has a prompt running; wait for it or send session/cancel`,
      'busy',
    )
  const { services, inFlight } = host
  closePreviousTurn(runtime, services.store)
  const call = host.commands.match(content)
  if (call) return runCommand(services.store, sessionId, call)
  const controller = new AbortController()
  runtime.running = controller
  runtime.client = client
  const turn = runTurn(new Turn({ ...services, runtime, client, signal: controller.signal }), content)
  inFlight.all.add(turn)
  inFlight.of.set(sessionId, turn)
  try {
    return await turn
  } finally {
    inFlight.all.delete(turn)
    inFlight.of.delete(sessionId)
    runtime.running = undefined
    runtime.client = undefined
  }
}
