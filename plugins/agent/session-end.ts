// How a session ends for this process: closed (session/close: logged, its log let go) or deleted
// (session/delete: its logs leave the sessions root). Both end its MCP servers and forget it.
import { SessionDeleteError } from '../session/delete-logs.ts'
import type { SessionStore } from '../session/index.ts'
import { AgentRequestError } from './request-error.ts'
import type { SessionRuntime } from './session-runtime.ts'
import type { SessionServers } from './session-servers.ts'

/** What of the agent the ends touch. */
export interface SessionEndHost {
  sessions: Map<string, SessionRuntime>
  /** The turn in flight per session. */
  turnOf: Map<string, Promise<unknown>>
  servers: Pick<SessionServers, 'detach'>
  store: Pick<SessionStore, 'append' | 'close' | 'delete'>
}

/** session/close of a live session: its turn is cancelled and ends, its servers end, the close is logged. */
export async function closeSession(host: SessionEndHost, sessionId: string): Promise<void> {
  host.sessions.get(sessionId)?.running?.abort()
  await Promise.allSettled([host.turnOf.get(sessionId)])
  await host.servers.detach(sessionId)
  host.sessions.delete(sessionId)
  try {
    host.store.append(sessionId, 'session/close', {})
  } finally {
    releaseLogs(host, sessionId)
  }
}

/**
 * session/delete: the session's log and its subagents' logs leave the sessions root. Refused while
 * a prompt runs, when another process holds the log, or when a name is no log file; then nothing
 * is deleted. An idle session open here is closed first (its MCP servers end). Returns the files.
 */
export async function deleteSession(host: SessionEndHost, sessionId: string): Promise<string[]> {
  const runtime = host.sessions.get(sessionId)
  if (runtime?.running)
    throw new AgentRequestError(
      `session "${sessionId}" has a prompt running; cancel it (session/cancel), wait for its answer, then delete it`,
      'busy',
    )
  if (runtime) {
    await host.servers.detach(sessionId)
    host.sessions.delete(sessionId)
    releaseLogs(host, sessionId)
  }
  try {
    return host.store.delete(sessionId)
  } catch (error) {
    if (error instanceof SessionDeleteError) throw new AgentRequestError(error.message, error.reason)
    throw error
  }
}

/** Closes a session's log and those of its idle subagents (at any depth), forgetting the subagents. */
function releaseLogs(host: SessionEndHost, sessionId: string): void {
  for (const [id, child] of host.sessions)
    if (child.header.parentSession === sessionId && !child.running) {
      host.sessions.delete(id)
      releaseLogs(host, id)
    }
  host.store.close(sessionId)
}
