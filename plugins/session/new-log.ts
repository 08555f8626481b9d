// A session log about to exist: its id claimed (given or new, its cwd absolute, not open here), and a
// fork's log written whole (docs/fork.md). The store's create() and fork() share these.
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import type { SessionEvent, SessionHeader } from './events.ts'
import { SessionLogFile } from './log-file.ts'
import { serializeSessionLog } from './log-format.ts'
import { logPath } from './session-path.ts'
import type { StoreState } from './store-state.ts'

/** The id (given or new) and file of a session about to be created by `method`; the cwd must be absolute. */
export function claimSessionId(
  state: StoreState,
  options: { cwd: string; id?: string },
  method: string,
): { id: string; path: string } {
  const id = options.id ?? randomUUID()
  const path = logPath(state.root, id)
  if (!isAbsolute(options.cwd)) {
    throw new Error(
      `session cwd must be an absolute path, got ${JSON.stringify(options.cwd)}; resolve it before calling ` +
        `sessions.${method}()`,
    )
  }
  if (state.live.has(id)) throw new Error(`session ${id} is already open in this store (${path}); use another id`)
  return { id, path }
}

/**
 * Write a fork's log at once, `header` then the copied events renumbered from seq 1 (each keeps its
 * time), and hold it open for appending; returns the events as written.
 */
export function writeForkLog(
  state: StoreState,
  header: SessionHeader,
  path: string,
  copied: ReadonlyArray<Pick<SessionEvent, 'type' | 'data' | 'time'>>,
): SessionEvent[] {
  const events = copied.map(({ type, data, time }, index) => ({ seq: index + 1, time, type, data }) as SessionEvent)
  mkdirSync(state.root, { recursive: true })
  const file = SessionLogFile.createWhole(path, serializeSessionLog(header, events), state.fsync)
  state.live.set(header.id, { header, count: events.length, file })
  state.createdHere.push(header)
  return events
}
