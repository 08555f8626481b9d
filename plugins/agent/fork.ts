// session/fork (ACP, unstable; docs/fork.md): a new session that starts from another's history (cut
// by fork-cut.ts). The fork's log names the parent and the fork point and holds the copies.
import type { SessionHeader } from '../session/events.ts'
import type { SessionStore } from '../session/index.ts'
import { cutForFork } from './fork-cut.ts'
import { AgentRequestError } from './request-error.ts'
import { activateDirectories } from './session-directories.ts'
import { restoreRuntime, type SessionRuntime } from './session-runtime.ts'

interface ForkHost {
  sessions: Map<string, SessionRuntime>
  store: Pick<SessionStore, 'has' | 'read' | 'fork' | 'append'>
  /** The agent config's model: the fork's unless the copied history changed it. */
  model: string
}

export interface ForkRequest {
  parentId: string
  cwd: string
  /** Fork after this turn; absent: after the parent's last finished turn. */
  turn?: number
  additionalDirectories: readonly string[]
}

/** Writes the fork's log (whole, or not at all) and makes its runtime from the copied history. */
export function forkSession(host: ForkHost, request: ForkRequest): SessionHeader {
  const { parentId } = request
  if (!host.store.has(parentId))
    throw new AgentRequestError(
      `session/fork: unknown session "${parentId}": no log for it under the sessions root; fork a session that ` +
        'session/list shows',
      'unknown-session',
    )
  const cut = cutForFork(parentId, host.store.read(parentId).events, request.turn)
  const { header, events } = host.store.fork({
    cwd: request.cwd,
    from: { sessionId: parentId, turn: cut.turn, seq: cut.seq },
    events: cut.copied,
  })
  const runtime = restoreRuntime(header, events, host.model)
  host.sessions.set(header.id, runtime)
  activateDirectories(runtime, host.store, request.additionalDirectories)
  return header
}
