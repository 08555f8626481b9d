// What the client saw on the ACP connection, counted per session: session/update notifications
// by kind (and tool calls by status), and session/request_permission requests. Any agent's waits
// can follow these (input-wait-update.ts), where dsh's own can also follow its session log.
import type { UpdateQuery } from '../../scenario/input-wait-update.ts'
import { SessionWaiters } from './session-waiters.ts'

export class UpdateFeed {
  private readonly counts = new Map<string, number>()
  private readonly waiters = new SessionWaiters<UpdateQuery>((sessionId, query) => this.satisfied(sessionId, query))

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
    return this.waiters.wait(sessionId, query, timeoutMs, what)
  }

  private count(sessionId: string, keys: string[]): void {
    for (const key of keys) {
      const at = `${sessionId}\n${key}`
      this.counts.set(at, (this.counts.get(at) ?? 0) + 1)
    }
    this.waiters.wake(sessionId)
  }

  private satisfied(sessionId: string, query: UpdateQuery): boolean {
    const key = query.status ? `${query.update}:${query.status}` : query.update
    return (this.counts.get(`${sessionId}\n${key}`) ?? 0) >= (query.count ?? 1)
  }
}
