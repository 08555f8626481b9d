// What an OpenAI-compatible chat completion streamed (`chat.completion.chunk` events, then
// `[DONE]`) as a model.yml reply: content, reasoning (`reasoning_content` or `reasoning`), tool
// calls gathered by index, the finish reason and usage. The inverse of render.ts. Pure.
import { AnswerBuilder, entries, field, text } from '../answer-builder.ts'
import { FINISH_REASONS, type ModelScriptItem } from '../model-script.ts'
import { AnswerParseError, jsonEvents, sseEvents } from '../sse-events.ts'

export function openAiChatAnswer(body: string): ModelScriptItem {
  const events = jsonEvents(sseEvents(body))
  if (!events.length) throw new AnswerParseError(`no SSE event in the body: ${body.slice(0, 120)}`)
  const answer = new AnswerBuilder()
  for (const { data } of events) {
    const error = field(data, 'error')
    if (error) throw new AnswerParseError(`the stream carries an error: ${JSON.stringify(error).slice(0, 200)}`)
    answer.model = text(data, 'model') ?? answer.model
    const choice = entries(data, 'choices')[0]
    const delta = field(choice, 'delta')
    answer.addReasoning(text(delta, 'reasoning_content') ?? text(delta, 'reasoning') ?? '')
    answer.addText(text(delta, 'content') ?? '')
    for (const call of entries(delta, 'tool_calls')) {
      const index = typeof call.index === 'number' ? call.index : answer.callCount
      const fn = field(call, 'function')
      const name = text(fn, 'name')
      const id = text(call, 'id')
      answer.call(index, { ...(id ? { id } : {}), ...(name ? { name } : {}) }).arguments += text(fn, 'arguments') ?? ''
    }
    const finish = text(choice, 'finish_reason')
    if (finish) answer.finishReason = (FINISH_REASONS as readonly string[]).includes(finish) ? finishOf(finish) : 'stop'
    const usage = field(data, 'usage')
    if (usage)
      answer.count({
        input: usage.prompt_tokens,
        output: usage.completion_tokens,
        cached: usage.prompt_cache_hit_tokens ?? field(usage, 'prompt_tokens_details')?.cached_tokens,
      })
  }
  return answer.item()
}

const finishOf = (reason: string) => FINISH_REASONS.find((known) => known === reason) ?? 'stop'
