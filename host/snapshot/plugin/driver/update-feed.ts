// What the client saw on the ACP connection, counted per session: session/update notifications
// by kind (and tool calls by status), and session/request_permission requests. Any agent's waits
// can follow these (input-wait-update.ts), where dsh's own can also follow its session log.
import { withTimeout } from '../../../../lib/with-timeout.ts'

export interface UpdateQuery {
  /** A sessionUpdate kind (`agent_message_chunk`, `tool_call`, …) or `request_permission`. */
  update: string
  /** With tool_call / tool_call_update: only calls reaching this status. */
  status?: string
  /** At least this many (default 1). */
  count?: number
}

type Waiter = { sessionId: string; query: UpdateQuery; resolve: () => void }

export class UpdateFeed {
  private readonly counts = new Map<string, number>()
  private readonly waiters = new Set<Waiter>()

  /** A session/update notification's params. */
  update(params: unknown): void {
    const { sessionId, update } = (params ?? {}) as { sessionId?: unknown; update?: Record<string, unknown> }
    if (typeof sessionId !== 'string' || typeof update?.sessionUpdate !== 'string') return
    const keys = [update.sessionUpdate]
    if (typeof update.status === 'string') keys.push(`${update.sessionUpdate}:${update.status}`)
    this.count(sessionId, keys)
  }

  /**
   * A session/update line the driver's stream dropped unparsed (skip-updates.ts). Only tool-call
   * lines are parsed (their status may sit anywhere); for the rest the leading fields suffice.
   */
  line(bytes: Buffer): void {
    const text = bytes.toString('utf8')
    const kind = /"sessionUpdate":"([a-z_]+)"/.exec(text)?.[1]
    if (kind?.startsWith('tool_call')) {
      this.update((JSON.parse(text) as { params?: unknown }).params)
      return
    }
    const sessionId = /"sessionId":("(?:[^"\\]|\\.)*")/.exec(text)?.[1]
    if (kind && sessionId) this.count(JSON.parse(sessionId) as string, [kind])
  }

  /** A session/request_permission request's params (counted before it is answered). */
  permission(params: unknown): void {
    const { sessionId } = (params ?? {}) as { sessionId?: unknown }
    if (typeof sessionId === 'string') this.count(sessionId, ['request_permission'])
  }

  /** Resolves once the session has seen what the query asks for (including what came already). */
  waitFor(sessionId: string, query: UpdateQuery, timeoutMs: number, what: string): Promise<void> {
    if (this.satisfied(sessionId, query)) return Promise.resolve()
    let waiter!: Waiter
    const reached = new Promise<void>((resolve) => {
      waiter = { sessionId, query, resolve }
    })
    this.waiters.add(waiter)
    return withTimeout(reached, timeoutMs, what).finally(() => this.waiters.delete(waiter))
  }

  private count(sessionId: string, keys: string[]): void {
    for (const key of keys) {
      const at = `${sessionId}\n${key}`
      this.counts.set(at, (this.counts.get(at) ?? 0) + 1)
    }
    for (const waiter of this.waiters) {
      if (waiter.sessionId !== sessionId || !this.satisfied(sessionId, waiter.query)) continue
      this.waiters.delete(waiter)
      waiter.resolve()
    }
  }

  private satisfied(sessionId: string, query: UpdateQuery): boolean {
    const key = query.status ? `${query.update}:${query.status}` : query.update
    return (this.counts.get(`${sessionId}\n${key}`) ?? 0) >= (query.count ?? 1)
  }
}
