// A model.yml item on Gemini's wire (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`, as
// @google/genai and gemini-cli call it): one `data:` event per piece, each a GenerateContentResponse
// with one candidate; thoughts are parts with `thought: true`; a function call comes whole (Gemini
// never streams arguments); the last event carries finishReason and usageMetadata. The unary
// `:generateContent` answer is the same response folded into one JSON body. Pure.
import { withPieces } from '../reply-pieces.ts'
import { countTokens, cutTokens } from '../token-cut.ts'
import { type ModelScriptItem, type ReplyItem, WireExpressionError } from '../model-script.ts'
import type { SseEvent, StubScriptItem } from '../script.ts'
import { splitText } from '../openai-chat/builders.ts'
import { countGeminiRequestTokens } from './request.ts'

/** The script's finish reasons as Gemini's; Gemini ends a tool-call turn with STOP too. */
const FINISH_REASONS: Record<string, string | undefined> = {
  stop: 'STOP',
  tool_calls: 'STOP',
  length: 'MAX_TOKENS',
  content_filter: 'SAFETY',
  insufficient_system_resource: undefined,
}

/** Google's status names for HTTP codes (its error body's `status`). */
function errorStatus(status: number): string {
  const names: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    503: 'UNAVAILABLE',
  }
  return names[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION')
}

export function renderGemini(item: ModelScriptItem, requestBody: unknown): StubScriptItem {
  switch (item.kind) {
    case 'reply':
      return replyItem(item.value, requestBody)
    case 'httpError': {
      const { status, message, type } = item.value
      return { kind: 'error', status, body: { error: { code: status, message, status: type ?? errorStatus(status) } } }
    }
    case 'hang':
      return { kind: 'hang' }
    case 'sse':
      throw new WireExpressionError(
        'raw `sse` events are OpenAI chat-completions events; on the gemini wire script the turn with `reply` ' +
          '(or a raw `error`)',
      )
    case 'error':
      return { kind: 'error', ...item.value }
  }
}

function replyItem(reply: ReplyItem, requestBody: unknown): StubScriptItem {
  const finishReason = FINISH_REASONS[reply.finishReason ?? 'stop']
  if (!finishReason)
    throw new WireExpressionError(`finishReason ${reply.finishReason} has no Gemini finish reason; use another one`)
  const cut = withPieces(reply, (text: string) =>
    reply.deltas === undefined ? cutTokens(text) : splitText(text, reply.deltas),
  )
  const model = reply.model ?? 'gemini-stub'
  const parts: Record<string, unknown>[][] = [
    ...cut(reply.reasoning ?? '').map((text) => [{ text, thought: true }]),
    ...cut(reply.text ?? '').map((text) => [{ text }]),
    ...(reply.toolCalls ?? []).map((call) => [functionCall(call)]),
  ]
  if (!parts.length) parts.push([{ text: '' }])
  const events: SseEvent[] = parts.map((piece, index) =>
    response(piece, model, index === parts.length - 1 ? finishReason : undefined),
  )
  const last = events.at(-1) as Record<string, unknown>
  if (reply.usage !== false) last.usageMetadata = usage(reply, requestBody)
  const kept = reply.cutAfter === undefined ? events : events.slice(0, reply.cutAfter)
  const end = reply.cutAfter === undefined ? closeInstead(reply.end) : (reply.end ?? 'disconnect')
  return {
    kind: 'sse',
    events: kept,
    end,
    ...(reply.delayMs !== undefined ? { delayMs: reply.delayMs } : {}),
    ...(reply.splitCharacters ? { splitCharacters: true } : {}),
  }
}

function functionCall(call: NonNullable<ReplyItem['toolCalls']>[number]): Record<string, unknown> {
  let args: unknown
  try {
    args = JSON.parse(call.arguments)
  } catch {
    throw new WireExpressionError(
      `tool call ${call.id} has arguments that are not JSON; Gemini sends them as an object`,
    )
  }
  return { functionCall: { id: call.id, name: call.name, args } }
}

function response(parts: Record<string, unknown>[], model: string, finishReason?: string): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { role: 'model', parts }, index: 0 }
  if (finishReason) candidate.finishReason = finishReason
  return { candidates: [candidate], modelVersion: model, responseId: 'stub-response' }
}

function usage(reply: ReplyItem, requestBody: unknown): Record<string, number> {
  const scripted = reply.usage === false ? undefined : reply.usage
  const prompt = scripted?.input ?? countGeminiRequestTokens(requestBody)
  const streamed = [reply.text ?? '', ...(reply.toolCalls ?? []).flatMap((c) => [c.name, c.arguments])]
  const candidates = scripted?.output ?? streamed.reduce((sum, text) => sum + countTokens(text), 0)
  const thoughts = reply.reasoning ? countTokens(reply.reasoning) : 0
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: candidates,
    ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
    ...(scripted?.cached ? { cachedContentTokenCount: scripted.cached } : {}),
    totalTokenCount: prompt + candidates + thoughts,
  }
}

/** The unary answer (`:generateContent`): a streamed reply's events folded into one response. */
export function foldGeminiEvents(events: readonly SseEvent[]): Record<string, unknown> {
  const parts: unknown[] = []
  let last: Record<string, unknown> = {}
  for (const event of events) {
    if (typeof event === 'string') continue
    last = event
    const candidate = (event.candidates as Array<{ content?: { parts?: unknown[] } }> | undefined)?.[0]
    parts.push(...(candidate?.content?.parts ?? []))
  }
  const candidate = (last.candidates as Array<Record<string, unknown>> | undefined)?.[0] ?? {}
  return { ...last, candidates: [{ ...candidate, content: { role: 'model', parts } }] }
}

/** `done` means a whole stream here; Gemini sends no terminator after its last event. */
function closeInstead(end: ReplyItem['end']): NonNullable<ReplyItem['end']> {
  return end === undefined || end === 'done' ? 'close' : end
}
