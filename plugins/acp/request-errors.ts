// The errors the connection answers requests with: the agent's refusals and a turn's model error
// become the ACP errors the client reads.
import * as acp from '@agentclientprotocol/sdk'
import { AgentRequestError, type TurnOutcome } from '../agent/index.ts'

/** Run an agent call; its refusals become the ACP errors the client reads. */
export function agentCall<T>(call: () => T): T {
  try {
    return call()
  } catch (error) {
    throw toRequestError(error)
  }
}

export function modelError(error: NonNullable<TurnOutcome['error']>): acp.RequestError {
  const status = error.status ? ` (HTTP ${error.status})` : ''
  return new acp.RequestError(-32603, `model error ${error.code}${status}: ${error.message}`, {
    code: error.code,
    ...(error.status ? { status: error.status } : {}),
  })
}

export function toRequestError(error: unknown): Error {
  if (error instanceof acp.RequestError) return error
  if (error instanceof AgentRequestError) return acp.RequestError.invalidParams({ reason: error.kind }, error.message)
  return acp.RequestError.internalError(undefined, error instanceof Error ? error.message : String(error))
}

/** session/delete's refusals: -32602 naming `sessionId`, with why (unknown, busy, locked, not a log). */
export function deleteRefusal(error: unknown, sessionId: string): Error {
  if (!(error instanceof AgentRequestError)) return toRequestError(error)
  return acp.RequestError.invalidParams(
    { field: 'sessionId', sessionId, reason: error.kind },
    `session/delete: "sessionId" ${JSON.stringify(sessionId)} refused: ${error.message}`,
  )
}
