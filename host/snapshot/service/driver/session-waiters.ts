// Waits on a per-session count: a wait resolves at once when its query already holds, else when the
// feed that counts wakes the session and the query holds then; each wait is bounded by a timeout that
// names what it waited for. Shared by the event feed (the durable log) and the update feed (ACP traffic).
import { withTimeout } from '../../../../lib/with-timeout.ts'

type Waiter<Q> = { sessionId: string; query: Q; resolve: () => void }

export class SessionWaiters<Q> {
  private readonly waiters = new Set<Waiter<Q>>()

  constructor(private readonly satisfied: (sessionId: string, query: Q) => boolean) {}

  /** Resolves once the session's count satisfies the query (including what was counted already). */
  wait(sessionId: string, query: Q, timeoutMs: number, what: string): Promise<void> {
    if (this.satisfied(sessionId, query)) return Promise.resolve()
    let waiter!: Waiter<Q>
    const reached = new Promise<void>((resolve) => {
      waiter = { sessionId, query, resolve }
    })
    this.waiters.add(waiter)
    return withTimeout(reached, timeoutMs, what).finally(() => this.waiters.delete(waiter))
  }

  /** After the session's count changed: resolves the waits it now satisfies. */
  wake(sessionId: string): void {
    for (const waiter of this.waiters) {
      if (waiter.sessionId !== sessionId || !this.satisfied(sessionId, waiter.query)) continue
      this.waiters.delete(waiter)
      waiter.resolve()
    }
  }
}
