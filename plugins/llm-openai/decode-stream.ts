// SSE `data:` payloads of an OpenAI-compatible chat completion stream → StreamChunks.
// A pure state machine: the I/O layer feeds it each event's data and tells it when the
// transport ended; it never touches the network.
import { z } from 'zod'
import { LlmError, type StreamChunk } from '../llm/types.ts'

// Loose schemas: the provider adds fields over time (logprobs, system_fingerprint, …);
// only the fields read here must have the right shape.
const ToolCallDelta = z.looseObject({
  index: z.number().int().nonnegative(),
  id: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
})
const Delta = z.looseObject({
  content: z.string().nullish(),
  // The field is the provider's (presets.ts); each is read only when configured.
  reasoning_content: z.string().nullish(),
  reasoning: z.string().nullish(),
  tool_calls: z.array(ToolCallDelta).nullish(),
})
const Usage = z.looseObject({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  prompt_cache_hit_tokens: z.number().int().nonnegative().nullish(),
})
const CompletionChunk = z.looseObject({
  choices: z.array(z.looseObject({ delta: Delta.nullish(), finish_reason: z.string().nullish() })).nullish(),
  usage: Usage.nullish(),
  error: z
    .looseObject({ message: z.string().nullish(), type: z.string().nullish(), code: z.unknown().optional() })
    .nullish(),
})

const DONE_SENTINEL = '[DONE]'

/** A `finish_reason` → the terminal chunk of docs/design.md §4. */
function finishChunkFor(reason: string, label: string): StreamChunk {
  switch (reason) {
    case 'stop':
      return { type: 'finish', reason: 'stop' }
    case 'tool_calls':
      return { type: 'finish', reason: 'tool-calls' }
    case 'length':
      return { type: 'finish', reason: 'max-tokens' }
    case 'content_filter':
      return finishError(
        `${label} stopped the reply because its content filter triggered (finish_reason "content_filter"); ` +
          'rephrase the request',
        'CONTENT_FILTER',
      )
    case 'insufficient_system_resource':
      return finishError(
        `${label} stopped the reply for lack of server resources (finish_reason "insufficient_system_resource"); ` +
          'retry later',
        'INSUFFICIENT_RESOURCE',
      )
    default:
      return finishError(
        `${label} sent an unknown finish_reason "${reason}"; the adapter needs updating to map it`,
        'BAD_RESPONSE',
      )
  }
}

function finishError(message: string, code: string): StreamChunk {
  return { type: 'finish', reason: 'error', error: { message, code } }
}

/** Who is decoded: the provider's name for messages, and where its deltas carry reasoning. */
export interface DecodedProvider {
  label: string
  reasoningField: 'reasoning_content' | 'reasoning' | 'none'
}

export class ChatStreamDecoder {
  constructor(
    private readonly provider: DecodedProvider = { label: 'DeepSeek', reasoningField: 'reasoning_content' },
  ) {}

  /** The finish is held until `[DONE]` (or the end) so it follows the trailing usage chunk. */
  private heldFinish?: StreamChunk
  private sawDone = false

  /** True once `[DONE]` arrived; later data is ignored. */
  get done(): boolean {
    return this.sawDone
  }

  /** Decode one SSE event's data. Throws LlmError BAD_RESPONSE on malformed data. */
  push(data: string): StreamChunk[] {
    if (this.sawDone) return []
    if (data.trim() === DONE_SENTINEL) {
      this.sawDone = true
      if (!this.heldFinish)
        throw new LlmError(
          `${this.provider.label} ended the stream with [DONE] but never sent a finish_reason; retry the request`,
          'BAD_RESPONSE',
        )
      return [this.heldFinish]
    }
    const chunk = parseChunk(data, this.provider.label)
    if (chunk.error) {
      const detail = chunk.error.message ?? chunk.error.type ?? 'no message'
      throw new LlmError(`${this.provider.label} reported an error inside the stream: ${detail}; retry later`, 'SERVER')
    }
    const out: StreamChunk[] = []
    const choice = chunk.choices?.[0]
    const delta = choice?.delta
    const field = this.provider.reasoningField
    const reasoning = field === 'none' ? undefined : delta?.[field]
    if (reasoning) out.push({ type: 'reasoning-delta', text: reasoning })
    if (delta?.content) out.push({ type: 'text-delta', text: delta.content })
    for (const call of delta?.tool_calls ?? []) {
      const piece: StreamChunk = {
        type: 'tool-call-delta',
        index: call.index,
        argumentsDelta: call.function?.arguments ?? '',
      }
      if (call.id) piece.id = call.id
      if (call.function?.name) piece.name = call.function.name
      out.push(piece)
    }
    if (chunk.usage) {
      const usage: StreamChunk = {
        type: 'usage',
        inputTokens: chunk.usage.prompt_tokens,
        outputTokens: chunk.usage.completion_tokens,
      }
      if (chunk.usage.prompt_cache_hit_tokens != null) usage.cachedInputTokens = chunk.usage.prompt_cache_hit_tokens
      out.push(usage)
    }
    if (choice?.finish_reason) this.heldFinish = finishChunkFor(choice.finish_reason, this.provider.label)
    return out
  }

  /**
   * The transport ended (cleanly, or with `cause` when the connection broke). A stream
   * that already carried its finish_reason is complete even without `[DONE]`; anything
   * else is cut short and throws STREAM_CLOSED.
   */
  end(cause?: string): StreamChunk[] {
    if (this.sawDone) return []
    if (this.heldFinish) {
      this.sawDone = true
      return [this.heldFinish]
    }
    const why = cause ? ` (${cause})` : ''
    throw new LlmError(
      `${this.provider.label} closed the stream before [DONE] and before any finish_reason${why}; retry the request`,
      'STREAM_CLOSED',
    )
  }
}

function parseChunk(data: string, label: string): z.infer<typeof CompletionChunk> {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    throw new LlmError(
      `${label} sent a stream event that is not JSON: ${preview(data)}; check baseUrl points at a chat completions API`,
      'BAD_RESPONSE',
    )
  }
  const parsed = CompletionChunk.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
    throw new LlmError(
      `${label} sent a stream event of unexpected shape (${issue?.message ?? 'invalid'}${where}): ${preview(data)}`,
      'BAD_RESPONSE',
    )
  }
  return parsed.data
}

function preview(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)
}
