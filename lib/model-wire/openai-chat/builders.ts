// Builders for common stub scripts: a whole model turn in one call, in DeepSeek's wire
// shape: a role chunk, reasoning deltas, then text deltas, then tool calls (id and name on a
// call's first delta only), a final chunk carrying finish_reason and usage. By default text is
// cut like a real stream (token-cut.ts) and usage is counted from the text and the request.
import { type ReplyPieces, withPieces } from '../reply-pieces.ts'
import type { ErrorItem, HangItem, SseEnd, SseEvent, SseItem } from '../script.ts'
import { countTokens, cutTokens } from '../token-cut.ts'

export type WireFinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'insufficient_system_resource'

/** Any field left out is counted: `output` from the streamed text, `input` from the request. */
export interface UsageSpec {
  input?: number
  output?: number
  /** Prompt tokens served from DeepSeek's context cache (`prompt_cache_hit_tokens`). */
  cached?: number
}

export interface ToolCallSpec {
  id: string
  name: string
  /** The full JSON argument text; it is cut like text (or into `deltas` pieces). */
  arguments: string
}

export interface TurnSpec {
  reasoning?: string
  text?: string
  toolCalls?: ToolCallSpec[]
  /** Cut each reasoning / text / argument string into this many near-equal pieces instead of token-like ones. */
  deltas?: number
  /** Round-robin the argument pieces of parallel tool calls (default: one call after the other). */
  interleave?: boolean
  /** The lengths of the pieces text and reasoning stream in (a live recording's cuts; reply-pieces.ts). */
  pieces?: ReplyPieces
  /** Default: `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: WireFinishReason
  /** Default: counted (see UsageSpec); `false` sends no usage at all. */
  usage?: UsageSpec | false
  model?: string
  delayMs?: number
  /** Cut every multi-byte character between two network writes (see SseItem). */
  splitCharacters?: boolean
  end?: SseEnd
}

/** Usage with every count known. */
export type CountedUsage = Required<Pick<UsageSpec, 'input' | 'output'>> & Pick<UsageSpec, 'cached'>

/** A `chat.completion.chunk` with fixed id and timestamp, so scripts are deterministic. */
export function completionChunk(
  delta: Record<string, unknown>,
  extra: { finishReason?: WireFinishReason; usage?: CountedUsage; model?: string } = {},
): Record<string, unknown> {
  const chunk: Record<string, unknown> = {
    id: 'stub-completion',
    object: 'chat.completion.chunk',
    created: 0,
    model: extra.model ?? 'deepseek-chat',
    system_fingerprint: 'fp_stub',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: extra.finishReason ?? null }],
  }
  if (extra.usage) chunk.usage = wireUsage(extra.usage)
  return chunk
}

/** A trailing usage-only chunk (`choices: []`), the OpenAI style of `include_usage`. */
export function usageChunk(usage: CountedUsage, model = 'deepseek-chat'): Record<string, unknown> {
  return {
    id: 'stub-completion',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    system_fingerprint: 'fp_stub',
    choices: [],
    usage: wireUsage(usage),
  }
}

export function wireUsage({ input, output, cached = 0 }: CountedUsage): Record<string, unknown> {
  return {
    prompt_tokens: input,
    completion_tokens: output,
    total_tokens: input + output,
    prompt_tokens_details: { cached_tokens: cached },
    prompt_cache_hit_tokens: cached,
    prompt_cache_miss_tokens: input - cached,
  }
}

/** The events of one model turn, without the SSE item around them. */
export function turnEvents(spec: TurnSpec): SseEvent[] {
  const cut = withPieces(spec, (text: string) =>
    spec.deltas === undefined ? cutTokens(text) : splitText(text, spec.deltas),
  )
  const model = spec.model
  const events: SseEvent[] = [completionChunk({ role: 'assistant', content: '' }, { model })]
  // Reasoning streams first, then the answer, as deepseek-reasoner does.
  for (const part of cut(spec.reasoning ?? ''))
    events.push(completionChunk({ content: null, reasoning_content: part }, { model }))
  for (const part of cut(spec.text ?? ''))
    events.push(completionChunk({ content: part, reasoning_content: null }, { model }))
  events.push(...toolCallEvents(spec.toolCalls ?? [], cut, spec.interleave ?? false, model))
  const finishReason = spec.finishReason ?? (spec.toolCalls?.length ? 'tool_calls' : 'stop')
  const usage = spec.usage === false ? undefined : countUsage(spec, spec.usage ?? {})
  events.push(completionChunk({ content: '' }, { finishReason, usage, model }))
  return events
}

/** The scripted counts, else: output counted from what the turn streams, input 0 (modelTurn has the stub count it). */
function countUsage(spec: TurnSpec, usage: UsageSpec): CountedUsage {
  const streamed = [
    spec.reasoning ?? '',
    spec.text ?? '',
    ...(spec.toolCalls ?? []).flatMap((c) => [c.name, c.arguments]),
  ]
  const output = usage.output ?? streamed.reduce((sum, text) => sum + countTokens(text), 0)
  return usage.cached === undefined
    ? { input: usage.input ?? 0, output }
    : { input: usage.input ?? 0, output, cached: usage.cached }
}

function toolCallEvents(
  calls: ToolCallSpec[],
  cut: (text: string) => string[],
  interleave: boolean,
  model?: string,
): SseEvent[] {
  // Per call: a header delta (id, name, empty arguments), then argument deltas without id or name.
  const perCall = calls.map((call, index) => [
    { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
    ...cut(call.arguments).map((part) => ({ index, function: { arguments: part } })),
  ])
  const ordered = interleave ? roundRobin(perCall) : perCall.flat()
  return ordered.map((toolCall) => completionChunk({ tool_calls: [toolCall] }, { model }))
}

function roundRobin<T>(lists: T[][]): T[] {
  const out: T[] = []
  for (let i = 0; i < Math.max(0, ...lists.map((list) => list.length)); i++) {
    for (const list of lists) {
      const item = list[i]
      if (item !== undefined) out.push(item)
    }
  }
  return out
}

/** Split into `pieces` near-equal parts by code point (never splitting a surrogate pair); empty text gives none. */
export function splitText(text: string, pieces: number): string[] {
  const chars = [...text]
  if (!chars.length) return []
  const count = Math.max(1, Math.min(pieces, chars.length))
  const size = Math.ceil(chars.length / count)
  const out: string[] = []
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''))
  return out
}

/** One whole model turn as a script item; without scripted input tokens, the stub counts the request's. */
export function modelTurn(spec: TurnSpec): SseItem {
  const item: SseItem = { kind: 'sse', events: turnEvents(spec) }
  if (spec.delayMs !== undefined) item.delayMs = spec.delayMs
  if (spec.splitCharacters) item.splitCharacters = true
  if (spec.usage !== false && spec.usage?.input === undefined) item.promptTokensFromRequest = true
  if (spec.end !== undefined) item.end = spec.end
  return item
}

export function textReply(text: string, options: Omit<TurnSpec, 'text'> = {}): SseItem {
  return modelTurn({ ...options, text })
}

export function reasoningReply(
  reasoning: string,
  text: string,
  options: Omit<TurnSpec, 'text' | 'reasoning'> = {},
): SseItem {
  return modelTurn({ model: 'deepseek-reasoner', ...options, reasoning, text })
}

export function toolCallReply(toolCalls: ToolCallSpec[], options: Omit<TurnSpec, 'toolCalls'> = {}): SseItem {
  return modelTurn({ ...options, toolCalls })
}

/** Keep the first `count` events of an item, then end it as told (default: a connection reset). */
export function cutAfter(item: SseItem, count: number, end: SseEnd = 'disconnect'): SseItem {
  return { ...item, events: item.events.slice(0, count), end }
}

/** An HTTP error with DeepSeek's body shape `{error:{message,type,param,code}}`. */
export function httpError(
  status: number,
  message: string,
  options: { type?: string; code?: string | null } = {},
): ErrorItem {
  const type = options.type ?? 'invalid_request_error'
  return {
    kind: 'error',
    status,
    body: { error: { message, type, param: null, code: options.code === undefined ? type : options.code } },
  }
}

export function hang(): HangItem {
  return { kind: 'hang' }
}

/** A `data:` line that is not JSON, for BAD_RESPONSE paths. */
export function malformedEvent(text = '{"choices": [{"delta": {"content": "oops"'): string {
  return `data: ${text}`
}
