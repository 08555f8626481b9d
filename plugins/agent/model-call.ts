// One step's model call, with its retries (docs/retries.md): each attempt is logged with its identity
// and parameters (`model/request`) and its chunks carry the attempt; a failed attempt that may be
// retried logs the wait (`model/retry`), tells the user (a notice), and waits through the llm
// service's scheduler (instant on replay); a cancel interrupts the wait at once.
import { randomUUID } from 'node:crypto'
import { realTimers } from '../llm/backoff.ts'
import { TURN_PURPOSE, type StreamChunk } from '../llm/types.ts'
import type { EventData } from '../session/events.ts'
import { type AssistantDraft, applyChunk, emptyDraft } from './assistant-message.ts'
import { decideRetry, retryNotice } from './retry-policy.ts'
import type { RequestHeader } from './session-runtime.ts'
import type { Turn } from './turn-state.ts'

/** Which call: the step, its attempt and purpose (the session and turn are the turn's). */
interface CallPlace {
  step: number
  attempt: number
  purpose: string
}

/** Call the model for `step` until an attempt answers, fails for good, or the turn is cancelled. */
export async function callModel(turn: Turn, step: number, header: RequestHeader): Promise<AssistantDraft> {
  for (let attempt = 1; ; attempt++) {
    const place = { step, attempt, purpose: TURN_PURPOSE }
    const { draft, shown } = await attemptCall(turn, place, header)
    const error = draft.finish?.reason === 'error' ? draft.finish.error : undefined
    if (!error) return draft
    const decision = decideRetry(error, attempt, shown, turn.config)
    if (decision.kind === 'final') {
      if ('because' in decision)
        draft.finish = {
          reason: 'error',
          error: { ...error, code: decision.code ?? error.code, message: `${error.message} (${decision.because})` },
        }
      return draft
    }
    const { delayMs } = decision
    const retry: EventData['model/retry'] = { turn: turn.number, ...place, delayMs, code: error.code }
    turn.append('model/retry', error.status === undefined ? retry : { ...retry, status: error.status })
    turn.append('notice', retryNotice(error, attempt, delayMs, turn.config.retries))
    const call = { sessionId: turn.sessionId, turn: turn.number, ...place }
    await (turn.llm.wait ? turn.llm.wait(delayMs, turn.signal, call) : realTimers(delayMs, turn.signal))
    if (turn.signal.aborted) return { ...emptyDraft(), finish: { reason: 'aborted' } }
  }
}

async function attemptCall(
  turn: Turn,
  place: CallPlace,
  header: RequestHeader,
): Promise<{ draft: AssistantDraft; shown: number }> {
  const { number, config, signal } = turn
  const maxTokens = config.maxTokens ?? null
  turn.append('model/request', { turn: number, ...place, maxTokens })
  const draft = emptyDraft()
  // Known before the first chunk: the client gets it on every chunk of this message (ACP messageId).
  turn.runtime.messageId = randomUUID()
  const stream = turn.llm.stream({
    sessionId: turn.sessionId,
    turn: number,
    ...place,
    model: header.model,
    system: header.system,
    messages: turn.history.snapshot(),
    tools: header.tools,
    signal,
    ...(maxTokens ? { maxTokens } : {}),
  })
  let shown = 0
  for await (const chunk of stream) {
    turn.append('assistant/chunk', chunkRecord(number, place, chunk))
    applyChunk(draft, chunk)
    if (chunk.type !== 'finish') shown++
    // A client that stopped reading pauses the model stream instead of queueing its output.
    const backlog = turn.client.backlog?.(signal)
    if (backlog) await backlog
  }
  return { draft, shown }
}

/** A chunk's log record: the attempt and purpose only when not the first attempt of a turn step. */
function chunkRecord(turn: number, place: CallPlace, chunk: StreamChunk): EventData['assistant/chunk'] {
  return {
    turn,
    step: place.step,
    ...(place.attempt === 1 ? {} : { attempt: place.attempt }),
    ...(place.purpose === TURN_PURPOSE ? {} : { purpose: place.purpose }),
    chunk,
  }
}
