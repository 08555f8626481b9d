// A model.yml item on Anthropic's Messages wire (`POST /v1/messages`, streamed): message_start,
// a content block per thinking / text / tool call with its deltas, message_delta with the stop
// reason and usage, message_stop; an HTTP error in Anthropic's body shape. Pure.
import { withPieces } from '../reply-pieces.ts'
import { countTokens, cutTokens } from '../token-cut.ts'
import { type ModelScriptItem, type ReplyItem, WireExpressionError } from '../model-script.ts'
import type { SseEvent, StubScriptItem } from '../script.ts'
import { splitText } from '../openai-chat/builders.ts'
import { countAnthropicRequestTokens } from './request-tokens.ts'

/** The script's finish reasons as Anthropic stop reasons; one has no Anthropic counterpart. */
const STOP_REASONS: Record<string, string | undefined> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
  insufficient_system_resource: undefined,
}

/** Anthropic's error type for a status (its documented list), for httpError items without a type. */
function errorType(status: number): string {
  const types: Record<number, string> = {
    400: 'invalid_request_error',
    401: 'authentication_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
  }
  return types[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error')
}

export function renderAnthropicMessages(item: ModelScriptItem, requestBody: unknown): StubScriptItem {
  switch (item.kind) {
    case 'reply':
      return replyItem(item.value, requestBody)
    case 'httpError': {
      const { status, message, type, retryAfter } = item.value
      const body = { type: 'error', error: { type: type ?? errorType(status), message } }
      return { kind: 'error', status, body, ...(retryAfter === undefined ? {} : { retryAfter }) }
    }
    case 'hang':
      return { kind: 'hang' }
    case 'sse':
      throw new WireExpressionError(
        'raw `sse` events are OpenAI chat-completions events; on the anthropic-messages wire script the turn with ' +
          '`reply` (or a raw `error`)',
      )
    case 'error':
      return { kind: 'error', ...item.value }
  }
}

function replyItem(reply: ReplyItem, requestBody: unknown): StubScriptItem {
  const stopReason = STOP_REASONS[reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop')]
  if (!stopReason)
    throw new WireExpressionError(`finishReason ${reply.finishReason} has no Anthropic stop reason; use another one`)
  const cut = withPieces(reply, (text: string) =>
    reply.deltas === undefined ? cutTokens(text) : splitText(text, reply.deltas),
  )
  const usage = reply.usage === false ? undefined : reply.usage
  const input = usage?.input ?? countAnthropicRequestTokens(requestBody)
  const streamed = [
    reply.reasoning ?? '',
    reply.text ?? '',
    ...(reply.toolCalls ?? []).flatMap((c) => [c.name, c.arguments]),
  ]
  const output = usage?.output ?? streamed.reduce((sum, text) => sum + countTokens(text), 0)
  const model = reply.model ?? 'claude-stub'
  const events: SseEvent[] = [
    event('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_stub',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: input,
          output_tokens: 1,
          ...(usage?.cached ? { cache_read_input_tokens: usage.cached } : {}),
        },
      },
    }),
    ...blocks(reply, cut),
    event('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: output },
    }),
    event('message_stop', { type: 'message_stop' }),
  ]
  const kept = reply.cutAfter === undefined ? events : events.slice(0, reply.cutAfter)
  // No [DONE] on this wire: message_stop ends the stream, then the response closes.
  const end = reply.cutAfter === undefined ? closeInstead(reply.end) : (reply.end ?? 'disconnect')
  return {
    kind: 'sse',
    events: kept,
    end,
    ...(reply.delayMs !== undefined ? { delayMs: reply.delayMs } : {}),
    ...(reply.splitCharacters ? { splitCharacters: true } : {}),
  }
}

/** Thinking, then text, then one tool_use block per call, each with its start, deltas and stop. */
function blocks(reply: ReplyItem, cut: (text: string) => string[]): SseEvent[] {
  const out: SseEvent[] = []
  let index = 0
  const block = (start: Record<string, unknown>, deltas: Record<string, unknown>[]) => {
    out.push(event('content_block_start', { type: 'content_block_start', index, content_block: start }))
    for (const delta of deltas) out.push(event('content_block_delta', { type: 'content_block_delta', index, delta }))
    out.push(event('content_block_stop', { type: 'content_block_stop', index }))
    index++
  }
  if (reply.reasoning) {
    const thinking = cut(reply.reasoning).map((part) => ({ type: 'thinking_delta', thinking: part }))
    block({ type: 'thinking', thinking: '', signature: '' }, [
      ...thinking,
      { type: 'signature_delta', signature: 'stub-signature' },
    ])
  }
  if (reply.text)
    block(
      { type: 'text', text: '' },
      cut(reply.text).map((part) => ({ type: 'text_delta', text: part })),
    )
  for (const call of reply.toolCalls ?? []) {
    const pieces = cut(call.arguments).map((part) => ({ type: 'input_json_delta', partial_json: part }))
    block({ type: 'tool_use', id: call.id, name: call.name, input: {} }, pieces)
  }
  return out
}

/** `event: NAME` then `data: JSON`: Anthropic names each event. */
function event(name: string, data: Record<string, unknown>): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}`
}

/** `done` means a whole stream here, which needs no terminator after message_stop. */
function closeInstead(end: ReplyItem['end']): NonNullable<ReplyItem['end']> {
  return end === undefined || end === 'done' ? 'close' : end
}
