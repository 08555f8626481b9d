// Provider-neutral model types shared by every adapter, the agent loop and replay (docs/design.md §4).

export type FinishReason = 'stop' | 'tool-calls' | 'max-tokens' | 'aborted' | 'error'

export interface StreamError {
  message: string
  code: string
  status?: number
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

export interface LlmRequest {
  sessionId: string
  turn: number
  step: number
  model: string
  system: string
  messages: Message[]
  tools: ToolSchema[]
  signal: AbortSignal
  maxTokens?: number
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
