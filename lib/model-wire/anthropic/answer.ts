// What Anthropic's Messages API streamed (message_start, a content block per thinking / text /
// tool_use with its deltas, message_delta with the stop reason, message_stop) as a model.yml
// reply. The inverse of render.ts. Pure.
import { AnswerBuilder, field, text } from '../answer-builder.ts'
import type { ModelScriptItem, ReplyItem } from '../model-script.ts'
import { AnswerParseError, jsonEvents, sseEvents } from '../sse-events.ts'

const STOP: Record<string, NonNullable<ReplyItem['finishReason']>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  refusal: 'content_filter',
}

export function anthropicAnswer(body: string): ModelScriptItem {
  const events = jsonEvents(sseEvents(body))
  if (!events.length) throw new AnswerParseError(`no SSE event in the body: ${body.slice(0, 120)}`)
  const answer = new AnswerBuilder()
  for (const { data } of events) {
    switch (data.type) {
      case 'error':
        throw new AnswerParseError(`the stream carries an error: ${JSON.stringify(data.error).slice(0, 200)}`)
      case 'message_start': {
        const message = field(data, 'message')
        answer.model = text(message, 'model')
        const usage = field(message, 'usage')
        answer.count({
          input: usage?.input_tokens,
          output: usage?.output_tokens,
          cached: usage?.cache_read_input_tokens,
        })
        break
      }
      case 'content_block_start': {
        const block = field(data, 'content_block')
        if (block?.type === 'tool_use') {
          const id = text(block, 'id')
          answer.call(Number(data.index), { ...(id ? { id } : {}), name: text(block, 'name') ?? '' })
        }
        break
      }
      case 'content_block_delta':
        readDelta(answer, Number(data.index), field(data, 'delta'))
        break
      case 'message_delta': {
        const stop = text(field(data, 'delta'), 'stop_reason')
        if (stop) answer.finishReason = STOP[stop] ?? 'stop'
        answer.count({ output: field(data, 'usage')?.output_tokens })
        break
      }
    }
  }
  return answer.item()
}

function readDelta(answer: AnswerBuilder, index: number, delta: Record<string, unknown> | undefined): void {
  switch (delta?.type) {
    case 'text_delta':
      answer.addText(text(delta, 'text') ?? '')
      return
    case 'thinking_delta':
      answer.addReasoning(text(delta, 'thinking') ?? '')
      return
    case 'input_json_delta':
      answer.call(index).arguments += text(delta, 'partial_json') ?? ''
      return
  }
}
