// The session log's event kinds (docs/design.md §5). The persisted file *is* the snapshot fixture.
import type { ContentBlock } from '@agentclientprotocol/sdk'
import type { SandboxRecord } from '../../lib/sandbox/describe.ts'
import type { Message, StreamChunk, StreamError, ToolCall, ToolSchema } from '../llm/types.ts'

interface HeaderBase {
  type: 'session'
  version: 1
  id: string
  createdAt: number
  cwd: string
  /** A fork's log (ACP session/fork) names the session it was forked from and where (docs/fork.md). */
  forkedFrom?: ForkPoint
}

/** The header fields that make a session a subagent of another (plugins/subagents): all or none. */
export interface SessionParent {
  /** The session that spawned it. */
  parentSession: string
  /** The spawning tool call. */
  parentCallId: string
  /** Where the spawning call stands in the parent: its turn, step and 0-based index in that step. */
  spawn: SpawnPoint
}

/** A session the client opened (or forked): no parent. */
export interface RootHeader extends HeaderBase {
  parentSession?: undefined
  parentCallId?: undefined
  spawn?: undefined
}

/** A subagent's session: its log names the session and tool call that spawned it. */
export interface ChildHeader extends HeaderBase, SessionParent {}

/** Line 1 of a session log; `parentSession` tells a child from a root (narrow with `isChildHeader`). */
export type SessionHeader = RootHeader | ChildHeader

export function isChildHeader<H extends { parentSession?: string }>(
  header: H,
): header is Extract<H, { parentSession: string }> {
  return header.parentSession !== undefined
}

/**
 * Where a fork left its parent: after `turn` (the parent's event `seq` is the last one taken); the
 * fork's first `events` events are copies of the parent's history, its own events follow.
 */
export interface ForkPoint {
  sessionId: string
  turn: number
  seq: number
  events: number
}

/** A tool call's place in its session: replay binds a child to its recording through it. */
export interface SpawnPoint {
  turn: number
  step: number
  call: number
}

export type TurnEndReason = 'end_turn' | 'cancelled' | 'max_tokens' | 'max_turn_requests' | 'refusal' | 'error'

export interface Usage {
  inputTokens: number
  outputTokens: number
  cachedInputTokens?: number
}

export interface EventData {
  'user/message': { turn: number; messageId: string; content: ContentBlock[] }
  'turn/start': { turn: number }
  'step/start': { turn: number; step: number }
  'request/header': {
    turn: number
    step: number
    model: string
    system: string
    tools: ToolSchema[]
    reason: 'initial' | 'change'
  }
  /**
   * One model call (every attempt), before its first chunk: its identity and the parameters the
   * request/header does not hold (docs/replay.md, "Call identity"); replay binds and compares by it.
   * `maxTokens` is null when none was set.
   */
  'model/request': {
    turn: number
    step: number
    attempt: number
    purpose: string
    maxTokens: number | null
    options?: Record<string, unknown>
    /** A plugin's own call (its messages are not the session's history): the system prompt and messages sent. */
    system?: string
    messages?: Message[]
  }
  /**
   * `attempt` (when not 1) and `purpose` (when not `turn`) name the call the chunk belongs to; a
   * chunk without them is the first attempt of the turn's step (every log written before retries).
   */
  'assistant/chunk': { turn: number; step: number; attempt?: number; purpose?: string; chunk: StreamChunk }
  /** A failed model call waits `delayMs` before its next attempt (docs/retries.md). */
  'model/retry': {
    turn: number
    step: number
    attempt: number
    purpose: string
    delayMs: number
    code: string
    status?: number
  }
  'assistant/message': {
    turn: number
    step: number
    messageId: string
    text: string
    reasoning?: string
    toolCalls: ToolCall[]
    usage?: Usage
  }
  'tool/call': { turn: number; step: number; callId: string; name: string; arguments: string }
  /** `scope`: what an always-answer covers, when not the whole tool (a bash rerun outside the sandbox). */
  'permission/request': { callId: string; approvalId: string; options: PermissionOptionRecord[]; scope?: string }
  'permission/outcome': { approvalId: string; outcome: PermissionOutcomeRecord }
  /** An approved call starts running now (the editor shows it in progress; a durable point to cancel at). */
  'tool/start': { turn: number; step: number; callId: string }
  /** What a running call shows the editor before its result (a client terminal it runs in). */
  'tool/update': { turn: number; step: number; callId: string; display: ToolDisplay }
  'tool/result': {
    turn: number
    step: number
    callId: string
    output: string
    isError: boolean
    /** What the editor shows besides the output: a diff, locations, the terminal it ran in. */
    display?: ToolDisplay
    /** The sandbox a bash call ran under (docs/sandbox.md); never sent to the model or the editor. */
    sandbox?: SandboxRecord
  }
  'step/end': { turn: number; step: number }
  'turn/end': { turn: number; reason: TurnEndReason; error?: StreamError }
  /** The session's mode changed (session/set_mode); the last one in the log is the current mode. */
  'mode/change': { modeId: string }
  /** An MCP server the session asked for failed (start, initialize, tools/list, a call) or a tool was left out. */
  'mcp/failure': { server: string; message: string }
  /** A stdio MCP server was started under this sandbox (or refused one): told apart from bash by `subject`. */
  'mcp/server': { server: string; sandbox: SandboxRecord }
  /**
   * The session's additional directories (ACP `additionalDirectories`) from here on: written when
   * session/new names some, and when session/load or session/resume activates a different list.
   */
  'session/directories': { additionalDirectories: string[] }
  /**
   * Something the user should know that is no model output (a retry, a compaction): the ACP bridge
   * shows it as a `notice` update, or as an agent message line to a client that takes no notices.
   * `fallback` is that line's text when it should differ from "title: description".
   */
  notice: { severity: 'info' | 'warning' | 'error'; title: string; description?: string; fallback?: string }
  /**
   * The project instructions (AGENTS.md, …) the system prompt carries from here on: each file's
   * cwd-relative path, size and SHA-256; written when they first appear or change (`files: []` when gone).
   */
  'project/instructions': { files: Array<{ path: string; bytes: number; sha256: string }> }
  /** The client re-attached to the session without its history (session/resume). */
  'session/resume': { cwd: string }
  /** The client closed the session (session/close): its MCP servers ended, a running turn was cancelled. */
  'session/close': Record<string, never>
  /** A session config option changed (session/set_config_option, session/set_model, `/model`); the last wins. */
  'config/change': { configId: string; value: string }
  /** A slash command the prompt ran instead of a model turn (`/mode read-only`), and what it answered. */
  'command/run': { name: string; input: string; output: string; isError: boolean }
  /** The model-visible history starts over from here (`/clear`); the log itself keeps everything. */
  'history/clear': Record<string, never>
  /**
   * A compaction starts (docs/compaction.md): `auto` before the model call at (turn, step) when the
   * request passed the threshold, `command` for `/compact` (step 0, after turn `turn`).
   */
  'compaction/start': { compactionId: string; turn: number; step: number; trigger: 'auto' | 'command' }
  /**
   * A compaction ends. `completed`: the log's boundary: from here the model-visible history is the
   * summary, then the last `keep` messages before it. `failed` / `cancelled`: the history is untouched.
   */
  'compaction/end': {
    compactionId: string
    status: 'completed' | 'failed' | 'cancelled'
    summary?: string
    keep?: number
    error?: string
  }
}

/** A file a tool call read or changed: an absolute path (as the editor knows the cwd), a 1-based line. */
export interface ToolLocation {
  path: string
  line?: number
}

/** A file change as the editor shows it: `oldText` is null for a file the call created. */
export interface FileDiff {
  path: string
  oldText: string | null
  newText: string
}

/** The editor-facing side of a tool call (ACP tool call `locations` and `content`), kept in the log. */
export interface ToolDisplay {
  locations?: ToolLocation[]
  diff?: FileDiff
  /** A client terminal (ACP `terminal/create`) the call runs in. */
  terminalId?: string
  /** The session's plan after this call (the `todo` tool): the whole list, which replaces the previous one. */
  plan?: PlanEntryRecord[]
}

/** One ACP plan entry as the `todo` tool keeps it. */
export interface PlanEntryRecord {
  content: string
  status: 'pending' | 'in_progress' | 'completed'
  priority: 'high' | 'medium' | 'low'
}

export type EventType = keyof EventData

export type PermissionKind = 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always'
export interface PermissionOptionRecord {
  optionId: string
  name: string
  kind: PermissionKind
}
/** `selected` carries the option's kind too, so the log reads without the options list. */
export type PermissionOutcomeRecord =
  | { outcome: 'selected'; optionId: string; kind: PermissionKind }
  | { outcome: 'cancelled' }

export type SessionEvent<K extends EventType = EventType> = {
  [T in K]: { seq: number; time: number; type: T; data: EventData[T] }
}[K]

export const EVENT_TYPES: readonly EventType[] = [
  'user/message',
  'turn/start',
  'step/start',
  'request/header',
  'model/request',
  'assistant/chunk',
  'model/retry',
  'assistant/message',
  'tool/call',
  'permission/request',
  'permission/outcome',
  'tool/start',
  'tool/update',
  'tool/result',
  'step/end',
  'turn/end',
  'mode/change',
  'mcp/failure',
  'mcp/server',
  'session/directories',
  'notice',
  'project/instructions',
  'session/resume',
  'session/close',
  'config/change',
  'command/run',
  'history/clear',
  'compaction/start',
  'compaction/end',
]
