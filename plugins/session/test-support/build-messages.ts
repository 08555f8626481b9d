// The conversation at one model call, folded from scratch: the reference the tests hold the
// agent's and replay's incremental histories (History, RecordedHistory) against.
import type { Message } from '../../llm/types.ts'
import { History, type HistoryEvent, type HistoryPoint, isStepStart } from '../history.ts'

/**
 * Messages as they stood when the model call for `(turn, step)` was made, or the
 * whole history when `at` is omitted. Empty assistant messages (an aborted stream
 * that produced nothing) are dropped, so the history stays one the API accepts.
 */
export function buildMessages(events: Iterable<HistoryEvent>, at?: HistoryPoint): Message[] {
  const history = new History()
  for (const event of events) {
    if (at && isStepStart(event, at)) break
    history.add(event)
  }
  return history.snapshot()
}
