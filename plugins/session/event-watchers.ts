// Every appended event, handed to in-process consumers with a plain function call. A Cordis
// `session/event` listener costs ~3 µs per event (dispatch, a bound function per hook, the
// tracing proxy around each listener and its arguments): on a long model stream, where each
// chunk is an event, that was a fifth of the agent's time. The consumers that need every
// event of every session (the ACP bridge, the snapshot host's feed) watch the store instead;
// `session/event` is still emitted for anyone else.
import type { SessionEvent } from './events.ts'

export type EventWatcher = (sessionId: string, event: SessionEvent) => void

export class EventWatchers {
  private readonly watchers = new Set<EventWatcher>()

  /** Call `watcher` after each append, until the returned function is called. */
  add(watcher: EventWatcher): () => void {
    // A function watching twice is two watches, each removed by its own disposer.
    const entry: EventWatcher = (sessionId, event) => watcher(sessionId, event)
    this.watchers.add(entry)
    return () => void this.watchers.delete(entry)
  }

  /** Each watcher in the order added; one that throws is reported and does not stop the others. */
  notify(sessionId: string, event: SessionEvent, report: (error: unknown) => void): void {
    for (const watcher of this.watchers) {
      try {
        watcher(sessionId, event)
      } catch (error) {
        report(error)
      }
    }
  }
}

/** Listeners run after the write; one that throws must not make a durable append look failed. */
export function emitSafely(emit: () => void, report: (error: unknown) => void): void {
  try {
    emit()
  } catch (error) {
    report(error)
  }
}
