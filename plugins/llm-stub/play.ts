// A model.yml item as the chunks an adapter would have produced from it (pure): the scripted
// stand-in's half of the model server's work, for adapters whose wire it does not speak.
import type { ModelScriptItem, ReplyItem } from '../../lib/model-wire/model-script.ts'
import { splitText } from '../../lib/model-wire/openai-chat/builders.ts'
import { countTokens, cutTokens } from '../../lib/model-wire/token-cut.ts'
import { statusCode } from '../llm/status-codes.ts'
import { type FinishReason, LlmError, type StreamChunk } from '../llm/types.ts'

/** What the stand-in does with an item: stream these chunks, then finish, throw, or hang until cancelled. */
interface Played {
  chunks: StreamChunk[]
  delayMs?: number
  ending: { kind: 'done' } | { kind: 'throw'; error: LlmError } | { kind: 'hang' }
}

const LABEL = 'the scripted model'

export function playItem(item: ModelScriptItem, requestTokens: number): Played {
  switch (item.kind) {
    case 'reply':
      return playReply(item.value, requestTokens)
    case 'httpError': {
      const { status, message, retryAfter } = item.value
      const text = `${LABEL} answered HTTP ${status} ${statusCode(status)}: ${message}`
      return failing(text, statusCode(status), status, retryAfter === undefined ? undefined : retryAfter * 1000)
    }
    case 'error': {
      const { status, body } = item.value
      const detail = typeof body === 'string' ? body : JSON.stringify(body)
      return failing(`${LABEL} answered HTTP ${status} ${statusCode(status)}: ${detail}`, statusCode(status), status)
    }
    case 'hang':
      return { chunks: [], ending: { kind: 'hang' } }
    case 'sse':
      // The host refuses such a script before recording (lib/model-wire/wires.ts); a guard.
      return failing(`${LABEL}: a raw sse item cannot be played without a wire`, 'BAD_RESPONSE')
  }
}

function failing(message: string, code: string, status?: number, retryAfterMs?: number): Played {
  return { chunks: [], ending: { kind: 'throw', error: new LlmError(message, code, status, retryAfterMs) } }
}

function playReply(reply: ReplyItem, requestTokens: number): Played {
  const cut = (text: string) => (reply.deltas === undefined ? cutTokens(text) : splitText(text, reply.deltas))
  const chunks: StreamChunk[] = [
    ...cut(reply.reasoning ?? '').map((text): StreamChunk => ({ type: 'reasoning-delta', text })),
    ...cut(reply.text ?? '').map((text): StreamChunk => ({ type: 'text-delta', text })),
  ]
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    chunks.push({ type: 'tool-call-delta', index, id: call.id, name: call.name, argumentsDelta: '' })
    for (const argumentsDelta of cut(call.arguments)) chunks.push({ type: 'tool-call-delta', index, argumentsDelta })
  }
  if (reply.usage !== false) chunks.push(usage(reply, requestTokens))
  const finish = finishOf(reply)
  const delay = reply.delayMs !== undefined ? { delayMs: reply.delayMs } : {}
  if (reply.cutAfter !== undefined) {
    const kept = chunks.slice(0, reply.cutAfter)
    if (reply.end === 'hang') return { chunks: kept, ...delay, ending: { kind: 'hang' } }
    const closed = new LlmError(
      `${LABEL} closed the stream before its end (cutAfter ${reply.cutAfter})`,
      'STREAM_CLOSED',
    )
    return { chunks: kept, ...delay, ending: { kind: 'throw', error: closed } }
  }
  if (reply.end === 'hang') return { chunks, ...delay, ending: { kind: 'hang' } }
  if ('error' in finish) return { chunks, ...delay, ending: { kind: 'throw', error: finish.error } }
  return { chunks: [...chunks, { type: 'finish', reason: finish.reason }], ...delay, ending: { kind: 'done' } }
}

function usage(reply: ReplyItem, requestTokens: number): StreamChunk {
  const scripted = reply.usage === false ? undefined : reply.usage
  const streamed = [
    reply.reasoning ?? '',
    reply.text ?? '',
    ...(reply.toolCalls ?? []).flatMap((c) => [c.name, c.arguments]),
  ]
  const chunk: StreamChunk = {
    type: 'usage',
    inputTokens: scripted?.input ?? requestTokens,
    outputTokens: scripted?.output ?? streamed.reduce((sum, text) => sum + countTokens(text), 0),
  }
  if (scripted?.cached !== undefined) chunk.cachedInputTokens = scripted.cached
  return chunk
}

function finishOf(reply: ReplyItem): { reason: FinishReason } | { error: LlmError } {
  switch (reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop')) {
    case 'stop':
      return { reason: 'stop' }
    case 'tool_calls':
      return { reason: 'tool-calls' }
    case 'length':
      return { reason: 'max-tokens' }
    case 'content_filter':
      return { error: new LlmError(`${LABEL} stopped the reply: its content filter triggered`, 'CONTENT_FILTER') }
    case 'insufficient_system_resource':
      return { error: new LlmError(`${LABEL} stopped the reply for lack of resources`, 'INSUFFICIENT_RESOURCE') }
  }
}
