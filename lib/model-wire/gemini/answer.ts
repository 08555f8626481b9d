// What Gemini streamed (`:streamGenerateContent?alt=sse`: one GenerateContentResponse per event;
// without alt=sse one JSON array of them; `:generateContent` one of them) as a model.yml reply:
// text parts, thought parts as reasoning, function calls whole, the last finishReason and
// usageMetadata. The inverse of render.ts. Pure.
import { AnswerBuilder, entries, field, text } from '../answer-builder.ts'
import type { ModelScriptItem, ReplyItem } from '../model-script.ts'
import { AnswerParseError, jsonEvents, sseEvents } from '../sse-events.ts'

const FINISH: Record<string, NonNullable<ReplyItem['finishReason']>> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
}

export function geminiAnswer(body: string): ModelScriptItem {
  const answer = new AnswerBuilder()
  const all = responses(body)
  if (!all.length) throw new AnswerParseError(`no response in the body, neither SSE nor JSON: ${body.slice(0, 120)}`)
  for (const response of all) {
    const error = field(response, 'error')
    if (error) throw new AnswerParseError(`the stream carries an error: ${JSON.stringify(error).slice(0, 200)}`)
    const candidate = entries(response, 'candidates')[0]
    for (const part of entries(field(candidate, 'content'), 'parts')) readPart(answer, part)
    const finish = text(candidate, 'finishReason')
    if (finish) answer.finishReason = FINISH[finish] ?? 'stop'
    const usage = field(response, 'usageMetadata')
    if (usage)
      answer.count({
        input: usage.promptTokenCount,
        output: usage.candidatesTokenCount,
        cached: usage.cachedContentTokenCount,
      })
    answer.model = text(response, 'modelVersion') ?? answer.model
  }
  const item = answer.item()
  // Gemini ends a tool-call turn with STOP; the script says tool_calls (render.ts maps it back).
  if (item.kind === 'reply' && item.value.toolCalls && item.value.finishReason === 'stop')
    item.value.finishReason = 'tool_calls'
  return item
}

function readPart(answer: AnswerBuilder, part: Record<string, unknown>): void {
  const call = field(part, 'functionCall')
  if (call) {
    const id = text(call, 'id')
    const name = text(call, 'name')
    if (!name) throw new AnswerParseError(`a functionCall without a name: ${JSON.stringify(call).slice(0, 200)}`)
    const parts = answer.call(answer.callCount, { ...(id ? { id } : {}), name })
    parts.arguments = JSON.stringify(call.args ?? {})
    return
  }
  const piece = text(part, 'text')
  if (piece === undefined) return
  if (part.thought === true) answer.addReasoning(piece)
  else answer.addText(piece)
}

/** The responses of a body: SSE events, a JSON array (a stream without alt=sse) or one JSON object. */
function responses(body: string): Array<Record<string, unknown>> {
  const trimmed = body.trimStart()
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return jsonEvents(sseEvents(body)).map((e) => e.data)
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    throw new AnswerParseError(`the body is neither SSE nor JSON: ${trimmed.slice(0, 120)}`)
  }
  const list = Array.isArray(parsed) ? parsed : [parsed]
  return list.filter((entry): entry is Record<string, unknown> => !!entry && typeof entry === 'object')
}
