// The stdout transcript: what the client saw, made stable. Stdout purity is part
// of the contract, so every line must be a JSON-RPC 2.0 message. JSON-RPC ids
// are renumbered by first appearance per direction: requests the agent sent get
// one counter, responses to the client's requests get another.
import type { NormalizeContext } from './context.ts'
import { isPlainObject, JsonLineError, parseJsonLines } from './json-lines.ts'
import { ChunkUpdateLine, chunkLinesRenderable, matchChunkUpdate, renderChunkUpdate } from './chunk-lines.ts'
import { collectTypedIds, tokenizeInPlace } from './tokens.ts'

export type JsonRpcId = string | number

export interface TranscriptOptions {
  /** Named in errors; default `stdout`. */
  source?: string
  /**
   * The ids of the client's requests in the order it sent them. When given,
   * response ids are numbered by send order; otherwise by first appearance.
   */
  clientRequestIds?: readonly JsonRpcId[]
}

const PURITY_HINT = 'stdout carries only JSON-RPC messages; write logs and diagnostics to stderr.'

/**
 * Parse raw stdout into JSON-RPC messages, failing on the first line that is not one. With
 * `chunkLines`, streamed-delta updates stay unparsed (ChunkUpdateLine) until rendered.
 */
export function parseTranscript(
  rawStdout: string,
  source = 'stdout',
  options: { chunkLines?: boolean } = {},
): Array<Record<string, unknown>> {
  const read = (value: unknown, raw: string, line: number) => {
    if (!isPlainObject(value) || value.jsonrpc !== '2.0')
      throw new JsonLineError(source, line, raw, 'is JSON but not a JSON-RPC 2.0 message', PURITY_HINT)
    return value
  }
  return parseJsonLines<Record<string, unknown>>(
    rawStdout,
    source,
    PURITY_HINT,
    read,
    options.chunkLines ? (raw) => matchChunkUpdate(raw) as Record<string, unknown> | undefined : undefined,
  )
}

/** Register the transcript's typed ids in the shared table (document order). */
export function collectTranscriptIds(messages: readonly Record<string, unknown>[], ctx: NormalizeContext): void {
  for (const message of messages) {
    // A chunk update's one typed id is its session.
    if (message instanceof ChunkUpdateLine) ctx.tokens.tokenFor('session', message.sessionId)
    else collectTypedIds(message, ctx.tokens)
  }
}

/** Renumber JSON-RPC ids per direction; a null id (e.g. a parse-error response) stays null. */
export function renumberJsonRpcIds(
  messages: readonly Record<string, unknown>[],
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
  return messages.map((message) => {
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
 * Normalize raw agent stdout into golden lines (one compact JSON message each,
 * keys in their original order): ids renumbered, typed ids tokenized, cwd
 * replaced. Tokens come from the shared table in `ctx`.
 */
export function normalizeTranscript(
  rawStdout: string,
  ctx: NormalizeContext,
  options: TranscriptOptions = {},
): string[] {
  const messages = renumberJsonRpcIds(parseTranscript(rawStdout, options.source), options.clientRequestIds)
  collectTranscriptIds(messages, ctx)
  return renderTranscript(messages, ctx)
}

/**
 * Golden lines for messages parseTranscript made (renumbered, their ids already in the context;
 * see normalizeRun). The messages are rewritten on the way: render them once.
 */
export function renderTranscript(messages: readonly Record<string, unknown>[], ctx: NormalizeContext): string[] {
  const chunkLines = chunkLinesRenderable(ctx)
  return messages.map((message) => {
    if (message instanceof ChunkUpdateLine && chunkLines) return renderChunkUpdate(message, ctx)
    const value = message instanceof ChunkUpdateLine ? JSON.parse(message.raw) : message
    return JSON.stringify(tokenizeInPlace(value, ctx.tokens, ctx.replaceCwd))
  })
}

/** Golden file text for transcript lines. */
export function transcriptText(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('')
}
