// The model-visible conversation a session log amounts to: user, assistant and tool messages
// folded from session events. One home for both readers of a log as a conversation: the agent
// (each model request) and llm-replay (the drift check compares live and recorded history).
import type { Message } from '../llm/types.ts'
import type { SessionEvent } from './events.ts'
import { promptToText } from './prompt-text.ts'

/**
 * The result a tool call gets when its turn ended (or the next prompt began) without one: the
 * agent was killed, or the log could not be written (docs/session-recovery.md).
 */
export const INTERRUPTED_CALL_OUTPUT = 'interrupted: the agent stopped before this call finished'

/** Minimal event shape: fixtures drop `seq`/`time`, so only `type` and `data` are read. */
export type HistoryEvent = Pick<SessionEvent, 'type' | 'data'>

export interface HistoryPoint {
  turn: number
  step: number
}

/**
 * A history folded one event at a time, so a caller that keeps it pays per new event instead
 * of rebuilding the whole conversation at every model call. Messages are never changed after
 * they are added: a consumer may keep (and cache by identity) the objects of an earlier call.
 */
export class History {
  private readonly list: Message[] = []
  private readonly toolNames = new Map<string, string>()
  /** Calls the last assistant message announced that have no tool message yet, in order. */
  private unanswered = new Map<string, string>()

  /** The messages so far; read-only: copy it (snapshot) to hand it to a consumer. */
  get messages(): readonly Message[] {
    return this.list
  }

  /** A copy of the message list (the message objects are shared, they never change). */
  snapshot(): Message[] {
    return this.list.slice()
  }

  /** Fold one event in; events that do not change the conversation are ignored. */
  add(event: HistoryEvent): void {
    switch (event.type) {
      case 'turn/end':
        this.answerUnanswered()
        break
      case 'user/message': {
        // A turn whose end never reached the log: its calls are answered before the next prompt.
        this.answerUnanswered()
        const data = event.data as SessionEvent<'user/message'>['data']
        this.list.push({ role: 'user', content: promptToText(data.content) })
        break
      }
      case 'assistant/message': {
        const data = event.data as SessionEvent<'assistant/message'>['data']
        // An aborted stream that produced nothing leaves no message: the API rejects empty ones.
        if (!data.text && !data.toolCalls.length) break
        const message: Message = { role: 'assistant', content: data.text }
        if (data.reasoning) message.reasoning = data.reasoning
        if (data.toolCalls.length) message.toolCalls = data.toolCalls
        this.list.push(message)
        for (const call of data.toolCalls) this.unanswered.set(call.id, call.name)
        break
      }
      case 'tool/call': {
        const data = event.data as SessionEvent<'tool/call'>['data']
        this.toolNames.set(data.callId, data.name)
        break
      }
      case 'tool/result': {
        const data = event.data as SessionEvent<'tool/result'>['data']
        this.unanswered.delete(data.callId)
        const message: Message = {
          role: 'tool',
          toolCallId: data.callId,
          name: this.toolNames.get(data.callId) ?? '',
          content: data.output,
        }
        if (data.isError) message.isError = true
        this.list.push(message)
        break
      }
      case 'compaction/end': {
        // The boundary (docs/compaction.md): the summary stands for everything but the last `keep` messages.
        const data = event.data as SessionEvent<'compaction/end'>['data']
        if (data.status !== 'completed') break
        const keep = Math.min(data.keep ?? 0, this.list.length)
        this.list.splice(0, this.list.length - keep, { role: 'user', content: summaryMessage(data.summary ?? '') })
        break
      }
      case 'history/clear':
        // `/clear`: the model starts over; the log keeps what came before.
        this.list.length = 0
        this.toolNames.clear()
        break
    }
  }

  /**
   * Every OpenAI-compatible API refuses an assistant `tool_calls` message without a tool message
   * per id: a turn that ended without some results (a log that could not be written, one written
   * before this rule) gets the interrupted result here, the same for the agent and for replay.
   */
  private answerUnanswered(): void {
    for (const [callId, name] of this.unanswered)
      this.list.push({ role: 'tool', toolCallId: callId, name, content: INTERRUPTED_CALL_OUTPUT, isError: true })
    this.unanswered = new Map()
  }
}

/** The user message a compaction's summary becomes in the model-visible history. */
export function summaryMessage(summary: string): string {
  return `The conversation so far, summarised (earlier messages were compacted):\n${summary}`
}

/** The id of the compaction whose summary call is at (turn, step): the one `compaction/start` names. */
export function compactionIdOf(turn: number, step: number): string {
  return `compaction-${turn}-${step}`
}

/** True for the `step/start` event of the model call at `at`. */
export function isStepStart(event: HistoryEvent, at: HistoryPoint): boolean {
  if (event.type !== 'step/start') return false
  const data = event.data as HistoryPoint
  return data.turn === at.turn && data.step === at.step
}
