// Durable session events as the driver sees them, whatever the transport: the in-process
// host pushes them from the sessions service, the subprocess host from tailing the log files.
import type { SessionEvent } from '../../../../plugins/session/events.ts'
import { SessionWaiters } from './session-waiters.ts'

interface EventQuery {
  type: string
  /** At least this many matching events (default 1). */
  count?: number
  /** Only events whose `data.turn` equals this. */
  turn?: number
  /** Count the events of the session's subagents (all its children together) instead of its own. */
  subagents?: boolean
}

/** The key a session's children's events are counted under as well. */
const childrenOf = (sessionId: string) => `subagents of ${sessionId}`

interface TypeCount {
  total: number
  byTurn: Map<number, number>
}

export class SessionEventFeed {
  /** Only with `keepEvents`: a long stream's events would otherwise all stay in memory for nothing. */
  private events = new Map<string, SessionEvent[]>()
  /** Per session and type: how many events arrived, in all and per turn (no key built per event). */
  private counts = new Map<string, Map<string, TypeCount>>()
  private readonly waiters = new SessionWaiters<EventQuery>((sessionId, query) => this.satisfied(sessionId, query))
  private readonly keepEvents: boolean

  /** Waits need counts only; `keepEvents` also keeps every event for eventsOf() (tests inspect them). */
  constructor(options: { keepEvents?: boolean } = {}) {
    this.keepEvents = options.keepEvents ?? false
  }

  /** One event of a session's log; a subagent's (`parentSession` set) counts for its parent's children too. */
  push(sessionId: string, event: SessionEvent, parentSession?: string): void {
    if (parentSession) this.count(childrenOf(parentSession), event)
    if (this.keepEvents) {
      let list = this.events.get(sessionId)
      if (!list) this.events.set(sessionId, (list = []))
      list.push(event)
    }
    this.count(sessionId, event)
  }

  private count(sessionId: string, event: SessionEvent): void {
    let types = this.counts.get(sessionId)
    if (!types) this.counts.set(sessionId, (types = new Map()))
    let count = types.get(event.type)
    if (!count) types.set(event.type, (count = { total: 0, byTurn: new Map() }))
    count.total++
    const turn = (event.data as { turn?: number }).turn
    if (turn !== undefined) count.byTurn.set(turn, (count.byTurn.get(turn) ?? 0) + 1)
    this.waiters.wake(sessionId)
  }

  eventsOf(sessionId: string): readonly SessionEvent[] {
    if (!this.keepEvents)
      throw new Error('this feed keeps no events; construct it with new SessionEventFeed({ keepEvents: true })')
    return this.events.get(sessionId) ?? []
  }

  /** Resolves once the session's durable log matches the query (including events already seen). */
  waitFor(session: string, query: EventQuery, timeoutMs: number, what: string): Promise<void> {
    return this.waiters.wait(query.subagents ? childrenOf(session) : session, query, timeoutMs, what)
  }

  /** Constant time per check, so a wait held open through a long stream stays cheap. */
  private satisfied(sessionId: string, query: EventQuery): boolean {
    const count = this.counts.get(sessionId)?.get(query.type)
    const seen = query.turn === undefined ? count?.total : count?.byTurn.get(query.turn)
    return (seen ?? 0) >= (query.count ?? 1)
  }
}
