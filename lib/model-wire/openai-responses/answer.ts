// What the OpenAI Responses API streamed, as a model.yml reply: the text and reasoning deltas give
// the pieces, the last event (response.completed or response.incomplete) the whole output
// (reasoning summaries, messages, function calls) and usage. The inverse of render.ts. Pure.
import { AnswerBuilder, entries, field, text } from '../answer-builder.ts'
import type { ModelScriptItem } from '../model-script.ts'
import { AnswerParseError, jsonEvents, sseEvents } from '../sse-events.ts'

export function responsesAnswer(body: string): ModelScriptItem {
  const events = jsonEvents(sseEvents(body))
  const failed = events.find(({ data }) => data.type === 'error' || data.type === 'response.failed')
  if (failed) throw new AnswerParseError(`the stream carries an error: ${JSON.stringify(failed.data).slice(0, 200)}`)
  const last = events.findLast(({ data }) => data.type === 'response.completed' || data.type === 'response.incomplete')
  const response = field(last?.data, 'response')
  if (!response) throw new AnswerParseError('the stream never sent response.completed (or response.incomplete)')
  const answer = new AnswerBuilder()
  answer.model = text(response, 'model')
  // The deltas give the pieces; the last event's output is the whole answer (it wins when they differ).
  for (const { data } of events) {
    if (data.type === 'response.output_text.delta') answer.addText(text(data, 'delta') ?? '')
    if (data.type === 'response.reasoning_summary_text.delta') answer.addReasoning(text(data, 'delta') ?? '')
  }
  const output = entries(response, 'output')
  answer.text = output
    .flatMap((item) => (item.type === 'message' ? entries(item, 'content') : []))
    .map((part) => (part.type === 'output_text' ? (text(part, 'text') ?? '') : ''))
    .join('')
  answer.reasoning = output
    .flatMap((item) => (item.type === 'reasoning' ? entries(item, 'summary') : []))
    .map((part) => text(part, 'text') ?? '')
    .join('')
  for (const item of output.filter((entry) => entry.type === 'function_call')) {
    const id = text(item, 'call_id')
    const call = answer.call(answer.callCount, { ...(id ? { id } : {}), name: text(item, 'name') ?? '' })
    call.arguments = text(item, 'arguments') ?? ''
  }
  const reason = text(field(response, 'incomplete_details'), 'reason')
  if (reason) answer.finishReason = reason === 'content_filter' ? 'content_filter' : 'length'
  const usage = field(response, 'usage')
  if (usage)
    answer.count({
      input: usage.input_tokens,
      output: usage.output_tokens,
      cached: field(usage, 'input_tokens_details')?.cached_tokens,
    })
  return answer.item()
}
