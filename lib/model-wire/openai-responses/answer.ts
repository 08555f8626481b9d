// What the OpenAI Responses API streamed, as a model.yml reply: read from its last event
// (response.completed or response.incomplete), which carries the whole output (reasoning
// summaries, messages, function calls) and usage. The inverse of render.ts. Pure.
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
  for (const item of entries(response, 'output')) {
    if (item.type === 'reasoning')
      answer.reasoning += entries(item, 'summary')
        .map((part) => text(part, 'text') ?? '')
        .join('')
    if (item.type === 'message')
      answer.text += entries(item, 'content')
        .map((part) => (part.type === 'output_text' ? (text(part, 'text') ?? '') : ''))
        .join('')
    if (item.type === 'function_call') {
      const id = text(item, 'call_id')
      const call = answer.call(answer.callCount, { ...(id ? { id } : {}), name: text(item, 'name') ?? '' })
      call.arguments = text(item, 'arguments') ?? ''
    }
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
