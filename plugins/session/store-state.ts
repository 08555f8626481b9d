// The session store's state, one plain object (see StoreState), and what every method checks or
// does with it as a whole: that the store is still open, closing every open log.
import type { SessionHeader } from './events.ts'
import type { SessionLogFile } from './log-file.ts'

interface LiveSession {
  header: SessionHeader
  /** Events appended so far; their content is in the file only (read() reads it). */
  count: number
  file: SessionLogFile
}

/**
 * The store's state in one plain object. A service method runs with `this` behind Cordis's
 * tracing proxy, where every read of a method or function-valued member builds fresh proxies
 * (and `this.ctx.emit` a stack-capturing Error): per appended chunk that cost more than the
 * write itself. So the per-event path reads `this.state` once and works on plain values.
 */
export interface StoreState {
  readonly root: string
  readonly fsync: boolean
  readonly syncOnClose: boolean
  readonly clock: () => number
  readonly live: Map<string, LiveSession>
  readonly createdHere: SessionHeader[]
  /** The events service's own emit (not through its tracing proxy), resolved once. */
  readonly emit: (name: 'session/created' | 'session/event', ...args: unknown[]) => void
  disposed: boolean
}

/** Close every open log of `state` (synced first unless `syncOnClose` is off); one error names each that failed. */
export function closeLogs(state: StoreState): void {
  const failures: string[] = []
  for (const session of state.live.values()) {
    try {
      session.file.close(state.syncOnClose)
    } catch (error) {
      failures.push(`${session.file.path}: ${(error as Error).message}`)
    }
  }
  state.live.clear()
  if (failures.length) throw new Error(`closing session logs failed: ${failures.join('; ')}`)
}

export function assertOpen(state: StoreState, action: string): void {
  if (state.disposed) {
    throw new Error(
      `cannot ${action}: the sessions service was disposed (plugin stopped) and its files are closed; start a new ` +
        `store`,
    )
  }
}
