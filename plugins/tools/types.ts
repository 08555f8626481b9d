// The tool contract between the `tools` registry, the agent loop and the ACP bridge.
import type { ToolKind } from '@agentclientprotocol/sdk'
import type { SandboxRecord } from '../../lib/sandbox/describe.ts'
import type { ToolSchema } from '../llm/types.ts'
import type { ToolDisplay } from '../session/events.ts'
import type { ClientAccess } from './client-access.ts'

export type { FileDiff, ToolDisplay, ToolLocation } from '../session/events.ts'
export type {
  ClientAccess,
  ClientTerminal,
  ElicitAnswer,
  ElicitRequest,
  TerminalExit,
  TerminalRequest,
} from './client-access.ts'

export interface ToolContext {
  /** The session's absolute working directory; file tools are confined to it. */
  cwd: string
  /** Fires on session/cancel; a tool must stop promptly and kill what it started. */
  signal: AbortSignal
  /**
   * Absolute folders the file tools treat as off limits even inside the cwd (dsh's own session
   * logs): reading or writing in them is refused and listings leave them out.
   */
  hidden?: readonly string[]
  /**
   * The session's additional directories (ACP `additionalDirectories`: absolute, as the client sent
   * them): the file tools reach them as they reach the cwd, with the same guarantees (docs/security.md),
   * and a sandbox may let commands write there. Relative paths still resolve against `cwd`.
   */
  additionalDirectories?: readonly string[]
  /** The editor's files and terminals, when it offers them; without it tools work locally. */
  client?: ClientAccess
  /** Shows the editor something while the call runs (the terminal it runs in); the agent logs it. */
  update?(display: ToolDisplay): void
  /** Which session and call this run is (a `task` spawns its child session under it). */
  origin?: ToolCallOrigin
}

/** A running call's place: its session, its id, and its turn, step and 0-based index in that step. */
export interface ToolCallOrigin {
  sessionId: string
  callId: string
  turn: number
  step: number
  call: number
}

/** What an approval question may look at. */
export type ApprovalContext = Pick<ToolContext, 'cwd' | 'hidden' | 'additionalDirectories'>

export interface ToolResult {
  output: string
  isError: boolean
  /** What the editor shows besides the output (a diff, the locations touched); never sent to the model. */
  display?: ToolDisplay
  /** The sandbox the call ran under (bash), for the session log; never sent to the model or the editor. */
  sandbox?: SandboxRecord
}

export interface Tool extends ToolSchema {
  /** ACP tool kind shown to the editor. */
  kind: ToolKind
  /** Whether the user must approve a call before it runs. */
  needsApproval: boolean
  /** Calls of this tool in one step run at the same time as the step's other calls (a `task`). */
  concurrent?: boolean
  /** Does only what the session's mode allows (a `task`'s child inherits it), so every mode offers it. */
  inheritsMode?: boolean
  /** Offered only when the prompt's client offers this (the user's questions: `elicit`). */
  requiresClient?: keyof ClientAccess
  /** A short human title for the editor, derived from the parsed arguments. */
  title(args: Record<string, unknown>): string
  /**
   * The title the approval question shows, when the call's real effect needs the file system to
   * tell (a write through a symlink names the file it will write). Absent: `title`.
   */
  approvalTitle?(args: Record<string, unknown>, context: ApprovalContext): Promise<string>
  /**
   * Which standing answer covers the call (an `allow_always` is remembered per scope). Absent: the
   * tool's name. A bash rerun outside the sandbox has a scope of its own, so an `allow_always` for
   * sandboxed commands never covers it.
   */
  approvalScope?(args: Record<string, unknown>): string
  /** Never throws for bad input or a failed action: those are error *results* the model sees. */
  run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>
}
