// Durable session events as the driver sees them, whatever the transport: the in-process
// host pushes them from the sessions service, the subprocess host from tailing the log files.
import type { SessionEvent } from '../../../../plugins/session/events.ts'
import { withTimeout } from '../../../../lib/with-timeout.ts'

export interface EventQuery {
  type: string
  /** At least this many matching events (default 1). */
  count?: number
  /** Only events whose `data.turn` equals this. */
  turn?: number
}

type Waiter = { sessionId: string; query: EventQuery; resolve: () => void }

export class SessionEventFeed {
  /** Only with `keepEvents`: a long stream's events would otherwise all stay in memory for nothing. */
  private events = new Map<string, SessionEvent[]>()
  /** Per session: how many events of a type, and of a type in a turn, have arrived ("type" / "type#turn"). */
  private counts = new Map<string, Map<string, number>>()
  private waiters = new Set<Waiter>()
  private readonly keepEvents: boolean

  /** Waits need counts only; `keepEvents` also keeps every event for eventsOf() (tests inspect them). */
  constructor(options: { keepEvents?: boolean } = {}) {
    this.keepEvents = options.keepEvents ?? false
  }

  push(sessionId: string, event: SessionEvent): void {
    if (this.keepEvents) {
      let list = this.events.get(sessionId)
      if (!list) this.events.set(sessionId, (list = []))
      list.push(event)
    }
    let counts = this.counts.get(sessionId)
    if (!counts) this.counts.set(sessionId, (counts = new Map()))
    const turn = (event.data as { turn?: number }).turn
    for (const key of turn === undefined ? [event.type] : [event.type, `${event.type}#${turn}`])
      counts.set(key, (counts.get(key) ?? 0) + 1)
    for (const waiter of this.waiters) {
      if (waiter.sessionId === sessionId && this.satisfied(sessionId, waiter.query)) {
        this.waiters.delete(waiter)
        waiter.resolve()
      }
    }
  }

  eventsOf(sessionId: string): readonly SessionEvent[] {
    if (!this.keepEvents)
      throw new Error('this feed keeps no events; construct it with new SessionEventFeed({ keepEvents: true })')
    return this.events.get(sessionId) ?? []
  }

  /** Resolves once the session's durable log matches the query (including events already seen). */
  waitFor(sessionId: string, query: EventQuery, timeoutMs: number, what: string): Promise<void> {
    if (this.satisfied(sessionId, query)) return Promise.resolve()
    let waiter!: Waiter
    const reached = new Promise<void>((resolve) => {
      waiter = { sessionId, query, resolve }
    })
    this.waiters.add(waiter)
    return withTimeout(reached, timeoutMs, what).finally(() => this.waiters.delete(waiter))
  }

  /** Constant time per check, so a wait held open through a long stream stays cheap. */
  private satisfied(sessionId: string, query: EventQuery): boolean {
    const key = query.turn === undefined ? query.type : `${query.type}#${query.turn}`
    return (this.counts.get(sessionId)?.get(key) ?? 0) >= (query.count ?? 1)
  }
}
