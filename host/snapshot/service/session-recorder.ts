// The session logs of one in-process run, as the store's own objects: the headers and events it
// announces through Cordis (`session/created`, `session/event`), after each is on disk, from the
// scenario's start until its entries have stopped (an agent ends its turns and logs them as it
// stops). Restored recordings (session.source) start from the objects the host revived them from.
// Each event also goes to the driver's waits.
import type { Context } from 'cordis'
import type { SessionEvent, SessionHeader } from '../../../plugins/session/events.ts'
import type {} from '../../../plugins/session/index.ts'
import { SessionEventFeed } from './driver/event-feed.ts'

interface RecordedLog {
  header: SessionHeader
  events: SessionEvent[]
}

export class SessionRecorder {
  readonly feed = new SessionEventFeed()
  private readonly logs = new Map<string, RecordedLog>()
  private readonly stops: Array<() => void>

  constructor(ctx: Context, restored: readonly RecordedLog[]) {
    for (const log of restored) this.logs.set(log.header.id, { header: log.header, events: [...log.events] })
    this.stops = [
      ctx.on('session/created', (header: SessionHeader) => {
        this.logs.set(header.id, { header, events: [] })
      }),
      ctx.on('session/event', (sessionId: string, event: SessionEvent) => {
        const log = this.logs.get(sessionId)
        log?.events.push(event)
        this.feed.push(sessionId, event, log?.header.parentSession)
      }),
    ]
  }

  /** Every session's log so far, in no particular order (core/normalize/log-order.ts orders them). */
  recorded(): RecordedLog[] {
    return [...this.logs.values()]
  }

  /** Stop listening; idempotent. */
  stop(): void {
    for (const stop of this.stops.splice(0)) stop()
  }
}
