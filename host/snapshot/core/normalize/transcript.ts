// The stdout transcript: what the client saw, made stable. Stdout purity is part
// of the contract, so every line must be a JSON-RPC 2.0 message. JSON-RPC ids
// are renumbered by first appearance per direction: requests the agent sent get
// one counter, responses to the client's requests get another.
import type { NormalizeContext } from './context.ts'
import { isPlainObject, JsonLineError, parseJsonLines } from './json-lines.ts'
import { collectTypedIds, tokenizeValue } from './tokens.ts'

export type JsonRpcId = string | number

const PURITY_HINT = 'stdout carries only JSON-RPC messages; write logs and diagnostics to stderr.'

/**
 * The subprocess host's stdout as JSON-RPC messages, parsed once; fails on the first line that is
 * not one (the in-process host has the messages as objects already).
 */
export function parseTranscript(rawStdout: string, source = 'stdout'): Array<Record<string, unknown>> {
  const read = (value: unknown, raw: string, line: number) => {
    if (!isPlainObject(value) || value.jsonrpc !== '2.0')
      throw new JsonLineError(source, line, raw, 'is JSON but not a JSON-RPC 2.0 message', PURITY_HINT)
    return value
  }
  return parseJsonLines<Record<string, unknown>>(rawStdout, source, PURITY_HINT, read)
}

/** Register the transcript's typed ids in the shared table (document order). */
export function collectTranscriptIds(messages: readonly object[], ctx: NormalizeContext): void {
  for (const message of messages) collectTypedIds(message, ctx.tokens)
}

/** Renumber JSON-RPC ids per direction; a null id (e.g. a parse-error response) stays null. */
export function renumberJsonRpcIds(
  messages: readonly object[],
  clientRequestIds: readonly JsonRpcId[] = [],
): Array<Record<string, unknown>> {
  const agentRequests = new Map<JsonRpcId, number>()
  const clientRequests = new Map<JsonRpcId, number>()
  clientRequestIds.forEach((id) => {
    if (!clientRequests.has(id)) clientRequests.set(id, clientRequests.size + 1)
  })
  const numberFor = (map: Map<JsonRpcId, number>, id: JsonRpcId) => {
    if (!map.has(id)) map.set(id, map.size + 1)
    return map.get(id)!
  }
  return messages.map((object) => {
    const message = object as Record<string, unknown>
    const id = message.id
    if (id === undefined && message.method === CANCEL_REQUEST_METHOD)
      return renumberCancelledRequest(message, agentRequests, numberFor)
    if (id === undefined || id === null || (typeof id !== 'string' && typeof id !== 'number')) return message
    const renumbered = 'method' in message ? numberFor(agentRequests, id) : numberFor(clientRequests, id)
    return Object.fromEntries(Object.entries(message).map(([key, value]) => [key, key === 'id' ? renumbered : value]))
  })
}

/** The protocol-level cancellation notification; its `params.requestId` names a request of the sender. */
const CANCEL_REQUEST_METHOD = '$/cancel_request'

/** On stdout the sender is the agent, so the id it cancels is one of the agent's requests: same numbering. */
function renumberCancelledRequest(
  message: Record<string, unknown>,
  agentRequests: Map<JsonRpcId, number>,
  numberFor: (map: Map<JsonRpcId, number>, id: JsonRpcId) => number,
): Record<string, unknown> {
  const params = message.params
  if (!params || typeof params !== 'object' || Array.isArray(params)) return message
  const requestId = (params as Record<string, unknown>).requestId
  if (typeof requestId !== 'string' && typeof requestId !== 'number') return message
  const renumbered = numberFor(agentRequests, requestId)
  return {
    ...message,
    params: Object.fromEntries(
      Object.entries(params).map(([key, value]) => [key, key === 'requestId' ? renumbered : value]),
    ),
  }
}

/**
 * Golden lines (one compact JSON message each, keys in their original order) for messages
 * renumbered and with their ids already in the context (see normalizeRun). Never changes them.
 */
export function renderTranscript(messages: readonly object[], ctx: NormalizeContext): string[] {
  return messages.map((message) => JSON.stringify(tokenizeValue(message, ctx.tokens, ctx.replaceCwd)))
}
