// What the caller of a prompt (the ACP bridge, a test) provides: the way to ask the user
// and the editor's files and terminals.
import type { PermissionOutcomeRecord } from '../session/events.ts'
import type { ClientAccess, Tool } from '../tools/types.ts'
import type { PERMISSION_OPTIONS } from './permission.ts'

export interface PermissionRequest {
  sessionId: string
  callId: string
  tool: Tool
  args: Record<string, unknown>
  options: typeof PERMISSION_OPTIONS
  signal: AbortSignal
  /** Set when a subagent asks: the session the client opened and its `task` call the child runs under. */
  via?: { sessionId: string; callId: string }
  /** The subagent that asks (its own session and its `task` description). */
  child?: { sessionId: string; title: string }
}

export interface PromptClient {
  requestPermission(request: PermissionRequest): Promise<PermissionOutcomeRecord>
  /** The editor's files and terminals the tools may use (only what it advertised). */
  access?: ClientAccess
  /**
   * Undefined while the client reads what the agent sends; else a promise the model stream waits
   * for (backpressure), settling when the client has caught up or `signal` aborts.
   */
  backlog?: (signal: AbortSignal) => Promise<void> | undefined
}
