// A provider's answer, as it came on its wire, read into the model.yml item a recording keeps (the
// recording proxy, live-proxy.ts): each wire's reader (<wire>/answer.ts) is the inverse of its
// renderer, so replay serves the same turn back on any wire. Pure.
import { anthropicAnswer } from './anthropic/answer.ts'
import { geminiAnswer } from './gemini/answer.ts'
import type { ModelScriptItem } from './model-script.ts'
import { openAiChatAnswer } from './openai-chat/answer.ts'
import { responsesAnswer } from './openai-responses/answer.ts'
import { AnswerParseError } from './sse-events.ts'
import type { Wire } from './wires.ts'

export { AnswerParseError } from './sse-events.ts'

/** The answer's item; an AnswerParseError says what could not be read. */
export function liveAnswer(wire: Wire, body: string, contentType: string): ModelScriptItem {
  const streamed = contentType.includes('text/event-stream')
  if (wire !== 'gemini' && !streamed)
    throw new AnswerParseError(
      `the answer is ${contentType || 'untyped'}, not a stream (text/event-stream); replay serves streams only, ` +
        'so the agent must ask with stream: true',
    )
  switch (wire) {
    case 'gemini':
      return geminiAnswer(body)
    case 'openai-chat':
      return openAiChatAnswer(body)
    case 'anthropic-messages':
      return anthropicAnswer(body)
    case 'openai-responses':
      return responsesAnswer(body)
    case 'script':
      throw new AnswerParseError("dsh's own script route is never proxied")
  }
}
