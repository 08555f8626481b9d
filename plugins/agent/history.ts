// Rebuild the model-visible message history from session events. The agent uses it to
// build each request, replay's drift check uses it to compare live and recorded history.
import type { Message } from '../llm/types.ts'
import type { SessionEvent } from '../session/events.ts'
import { promptToText } from './prompt-text.ts'

/** Minimal event shape: fixtures drop `seq`/`time`, so only `type` and `data` are read. */
export type HistoryEvent = Pick<SessionEvent, 'type' | 'data'>

export interface HistoryPoint {
  turn: number
  step: number
}

/**
 * Messages as they stood when the model call for `(turn, step)` was made, or the
 * whole history when `at` is omitted. Empty assistant messages (an aborted stream
 * that produced nothing) are dropped, so the history stays one the API accepts.
 */
export function buildMessages(events: Iterable<HistoryEvent>, at?: HistoryPoint): Message[] {
  const messages: Message[] = []
  const toolNames = new Map<string, string>()
  for (const event of events) {
    if (at && event.type === 'step/start') {
      const { turn, step } = event.data as { turn: number; step: number }
      if (turn === at.turn && step === at.step) break
    }
    switch (event.type) {
      case 'user/message': {
        const data = event.data as SessionEvent<'user/message'>['data']
        messages.push({ role: 'user', content: promptToText(data.content) })
        break
      }
      case 'assistant/message': {
        const data = event.data as SessionEvent<'assistant/message'>['data']
        if (!data.text && !data.toolCalls.length) break
        const message: Message = { role: 'assistant', content: data.text }
        if (data.reasoning) message.reasoning = data.reasoning
        if (data.toolCalls.length) message.toolCalls = data.toolCalls
        messages.push(message)
        break
      }
      case 'tool/call': {
        const data = event.data as SessionEvent<'tool/call'>['data']
        toolNames.set(data.callId, data.name)
        break
      }
      case 'tool/result': {
        const data = event.data as SessionEvent<'tool/result'>['data']
        const message: Message = {
          role: 'tool',
          toolCallId: data.callId,
          name: toolNames.get(data.callId) ?? '',
          content: data.output,
        }
        if (data.isError) message.isError = true
        messages.push(message)
        break
      }
    }
  }
  return messages
}
