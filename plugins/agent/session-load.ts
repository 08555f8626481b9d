// session/load and session/resume: a persisted session (also one an earlier process wrote) opened
// for appending, its interrupted turn closed, its runtime rebuilt from the log.
import type { OpenedSession, SessionStore } from '../session/index.ts'
import { appendClosing, closeInterruptedTurn, describeTornTail } from './interrupted.ts'
import { AgentRequestError } from './request-error.ts'
import { activateDirectories } from './session-directories.ts'
import { restoreRuntime, type SessionRuntime } from './session-runtime.ts'

interface LoadHost {
  sessions: Map<string, SessionRuntime>
  store: Pick<SessionStore, 'has' | 'open' | 'append'>
  /** The agent config's model: the session's until its log says otherwise. */
  model: string
}

/** Opens the session, closes a turn a killed agent left open, and makes its runtime; returns the log. */
export function loadSession(
  host: LoadHost,
  sessionId: string,
  additionalDirectories: readonly string[],
  warn: (line: string) => void,
): OpenedSession {
  if (host.sessions.get(sessionId)?.running)
    throw new AgentRequestError(`session "${sessionId}" has a turn running; cancel it before loading`, 'busy')
  if (!host.store.has(sessionId))
    throw new AgentRequestError(
      `unknown session "${sessionId}": no log for it under the sessions root`,
      'unknown-session',
    )
  const log = host.store.open(sessionId)
  // Cut off on this open, so said once: the file no longer holds it.
  if (log.repairedTornTail) warn(describeTornTail(sessionId, log.repairedTornTail))
  // A turn a killed agent left open is closed in the log before anything reads it as history.
  for (const closing of closeInterruptedTurn(log.events)) log.events.push(appendClosing(host.store, sessionId, closing))
  const runtime = restoreRuntime(log.header, log.events, host.model)
  host.sessions.set(sessionId, runtime)
  activateDirectories(runtime, host.store, additionalDirectories)
  return log
}
