// The session log's event kinds (DESIGN §5). The persisted file *is* the snapshot fixture.
import type { ContentBlock } from '@agentclientprotocol/sdk'
import type { StreamChunk, StreamError, ToolCall, ToolSchema } from '../llm/types.ts'

export interface SessionHeader {
  type: 'session'
  version: 1
  id: string
  createdAt: number
  cwd: string
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
  'assistant/chunk': { turn: number; step: number; chunk: StreamChunk }
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
  'permission/request': { callId: string; approvalId: string; options: PermissionOptionRecord[] }
  'permission/outcome': { approvalId: string; outcome: PermissionOutcomeRecord }
  /** An approved call starts running now (the editor shows it in progress; a durable point to cancel at). */
  'tool/start': { turn: number; step: number; callId: string }
  'tool/result': { turn: number; step: number; callId: string; output: string; isError: boolean }
  'step/end': { turn: number; step: number }
  'turn/end': { turn: number; reason: TurnEndReason; error?: StreamError }
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
  'assistant/chunk',
  'assistant/message',
  'tool/call',
  'permission/request',
  'permission/outcome',
  'tool/start',
  'tool/result',
  'step/end',
  'turn/end',
]
