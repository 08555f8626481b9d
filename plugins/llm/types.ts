// Provider-neutral model types shared by every adapter, the agent loop and replay (docs/design.md §4).

export type FinishReason = 'stop' | 'tool-calls' | 'max-tokens' | 'aborted' | 'error'

export interface StreamError {
  message: string
  code: string
  status?: number
  /** How long the provider asked to wait before another attempt (its `Retry-After`), in milliseconds. */
  retryAfterMs?: number
}

export type StreamChunk =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  | { type: 'tool-call-delta'; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number; cachedInputTokens?: number }
  | { type: 'finish'; reason: FinishReason; error?: StreamError }

export interface ToolCall {
  id: string
  name: string
  /** The raw JSON text the model produced; parsing is the tool runner's job. */
  arguments: string
}

export type Message =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; reasoning?: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError?: boolean }

export interface ToolSchema {
  name: string
  description: string
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>
}

/** What a model call is for: the turn loop's step, a compaction summary, a title, or a plugin's own. */
export type CallPurpose = 'turn' | 'compaction' | 'title' | (string & {})

/** The purpose a request without one has (every call before call identities existed). */
export const TURN_PURPOSE = 'turn'

/**
 * A model call's identity (docs/replay.md, "Call identity"): replay binds a live call to the recorded
 * call with the same identity, never by arrival order.
 */
export interface CallIdentity {
  sessionId: string
  turn: number
  step: number
  /** 1 for the first attempt; a retry of the same call is 2, 3, … */
  attempt: number
  purpose: CallPurpose
}

export interface LlmRequest {
  sessionId: string
  turn: number
  step: number
  /** 1 when absent: the first attempt of this call. */
  attempt?: number
  /** `turn` when absent. */
  purpose?: CallPurpose
  model: string
  system: string
  messages: Message[]
  tools: ToolSchema[]
  signal: AbortSignal
  maxTokens?: number
  /** Adapter options the caller sets (temperature, …): logged with the call and compared on replay. */
  options?: Record<string, unknown>
}

/** The identity of a request, with the defaults of a request that names no attempt or purpose. */
export function callIdentity(
  request: Pick<LlmRequest, 'sessionId' | 'turn' | 'step' | 'attempt' | 'purpose'>,
): CallIdentity {
  const { sessionId, turn, step } = request
  return { sessionId, turn, step, attempt: request.attempt ?? 1, purpose: request.purpose ?? TURN_PURPOSE }
}

/**
 * An adapter turns a request into a chunk stream; it may throw (before or during) and the llm service normalizes that.
 */
export type LlmAdapter = (request: LlmRequest) => AsyncIterable<StreamChunk>

/** A waterfall listener on `llm/stream`: call `next()` to pass on, or answer without calling it. */
export type LlmStreamListener = (
  request: LlmRequest,
  next: () => AsyncIterable<StreamChunk>,
) => AsyncIterable<StreamChunk>

/** An error an adapter (or replay) throws to end a stream with a stable code. */
export class LlmError extends Error {
  constructor(
    message: string,
    public code: string,
    public status?: number,
    /** The provider's `Retry-After`, in milliseconds. */
    public retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'LlmError'
  }
}

declare module 'cordis' {
  interface Events {
    'llm/stream'(request: LlmRequest, next: () => AsyncIterable<StreamChunk>): AsyncIterable<StreamChunk>
  }
}
