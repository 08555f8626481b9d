// A model.yml item on the OpenAI Responses API (`POST /v1/responses`, streamed; codex speaks it):
// response.created, then per output item (reasoning summary, message, function call) its added
// event, deltas and done events, then response.completed (or response.incomplete) with the whole
// output and usage. Each event is `event: <type>` plus its data with a sequence number. Pure.
import { withPieces } from '../reply-pieces.ts'
import { countTokens, cutTokens } from '../token-cut.ts'
import { type ModelScriptItem, type ReplyItem, WireExpressionError } from '../model-script.ts'
import type { SseEvent, StubScriptItem } from '../script.ts'
import { httpError, splitText } from '../openai-chat/builders.ts'
import { countResponsesRequestTokens } from './request.ts'

/** Why a response stopped short, per finish reason (a whole answer is `completed`). */
const INCOMPLETE: Record<string, string | undefined> = {
  length: 'max_output_tokens',
  content_filter: 'content_filter',
}

export function renderOpenAiResponses(item: ModelScriptItem, requestBody: unknown): StubScriptItem {
  switch (item.kind) {
    case 'reply':
      return replyItem(item.value, requestBody)
    case 'httpError': {
      const { status, message, type, code } = item.value
      return httpError(status, message, { type, ...(code !== undefined ? { code } : {}) })
    }
    case 'hang':
      return { kind: 'hang' }
    case 'sse':
      throw new WireExpressionError(
        'raw `sse` events are chat-completions events; on the openai-responses wire script the turn with `reply`',
      )
    case 'error':
      return { kind: 'error', ...item.value }
  }
}

type Cut = (text: string) => string[]

function replyItem(reply: ReplyItem, requestBody: unknown): StubScriptItem {
  if (reply.finishReason === 'insufficient_system_resource')
    throw new WireExpressionError('finishReason insufficient_system_resource has no Responses API status')
  const cut: Cut = withPieces(reply, (text) =>
    reply.deltas === undefined ? cutTokens(text) : splitText(text, reply.deltas),
  )
  const model = reply.model ?? 'gpt-stub'
  const events = new EventList()
  const base = { id: 'resp_stub', object: 'response', created_at: 0, model }
  events.add('response.created', { response: { ...base, status: 'in_progress', output: [] } })
  const output: Record<string, unknown>[] = []
  if (reply.reasoning) output.push(reasoningItem(events, output.length, cut(reply.reasoning)))
  if (reply.text) output.push(messageItem(events, output.length, cut(reply.text)))
  for (const call of reply.toolCalls ?? []) output.push(callItem(events, output.length, call, cut))
  const incomplete = INCOMPLETE[reply.finishReason ?? '']
  const status = incomplete ? 'incomplete' : 'completed'
  const response: Record<string, unknown> = { ...base, status, output }
  if (incomplete) response.incomplete_details = { reason: incomplete }
  if (reply.usage !== false) response.usage = usage(reply, requestBody)
  events.add(`response.${status}`, { response })
  const kept = reply.cutAfter === undefined ? events.list : events.list.slice(0, reply.cutAfter)
  const end =
    reply.cutAfter === undefined
      ? reply.end === undefined || reply.end === 'done'
        ? 'close'
        : reply.end
      : (reply.end ?? 'disconnect')
  return {
    kind: 'sse',
    events: kept,
    end,
    ...(reply.delayMs !== undefined ? { delayMs: reply.delayMs } : {}),
    ...(reply.splitCharacters ? { splitCharacters: true } : {}),
  }
}

class EventList {
  readonly list: SseEvent[] = []
  add(type: string, data: Record<string, unknown>): void {
    this.list.push(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.list.length, ...data })}`)
  }
}

function reasoningItem(events: EventList, index: number, pieces: string[]): Record<string, unknown> {
  const id = `rs_stub_${index}`
  const at = { item_id: id, output_index: index, summary_index: 0 }
  events.add('response.output_item.added', { output_index: index, item: { id, type: 'reasoning', summary: [] } })
  for (const delta of pieces) events.add('response.reasoning_summary_text.delta', { ...at, delta })
  const text = pieces.join('')
  events.add('response.reasoning_summary_text.done', { ...at, text })
  const item = { id, type: 'reasoning', summary: [{ type: 'summary_text', text }] }
  events.add('response.output_item.done', { output_index: index, item })
  return item
}

function messageItem(events: EventList, index: number, pieces: string[]): Record<string, unknown> {
  const id = `msg_stub_${index}`
  const at = { item_id: id, output_index: index, content_index: 0 }
  const open = { id, type: 'message', role: 'assistant', status: 'in_progress', content: [] }
  events.add('response.output_item.added', { output_index: index, item: open })
  events.add('response.content_part.added', { ...at, part: { type: 'output_text', text: '', annotations: [] } })
  for (const delta of pieces) events.add('response.output_text.delta', { ...at, delta })
  const text = pieces.join('')
  const part = { type: 'output_text', text, annotations: [] }
  events.add('response.output_text.done', { ...at, text })
  events.add('response.content_part.done', { ...at, part })
  const item = { ...open, status: 'completed', content: [part] }
  events.add('response.output_item.done', { output_index: index, item })
  return item
}

function callItem(
  events: EventList,
  index: number,
  call: NonNullable<ReplyItem['toolCalls']>[number],
  cut: Cut,
): Record<string, unknown> {
  const id = `fc_stub_${index}`
  const open = { id, type: 'function_call', status: 'in_progress', call_id: call.id, name: call.name, arguments: '' }
  events.add('response.output_item.added', { output_index: index, item: open })
  for (const delta of cut(call.arguments))
    events.add('response.function_call_arguments.delta', { item_id: id, output_index: index, delta })
  events.add('response.function_call_arguments.done', { item_id: id, output_index: index, arguments: call.arguments })
  const item = { ...open, status: 'completed', arguments: call.arguments }
  events.add('response.output_item.done', { output_index: index, item })
  return item
}

function usage(reply: ReplyItem, requestBody: unknown): Record<string, unknown> {
  const scripted = reply.usage === false ? undefined : reply.usage
  const input = scripted?.input ?? countResponsesRequestTokens(requestBody)
  const streamed = [reply.text ?? '', ...(reply.toolCalls ?? []).flatMap((c) => [c.name, c.arguments])]
  const reasoning = reply.reasoning ? countTokens(reply.reasoning) : 0
  const output = scripted?.output ?? streamed.reduce((sum, text) => sum + countTokens(text), reasoning)
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: scripted?.cached ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + output,
  }
}
