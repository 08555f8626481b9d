// Anthropic Messages requests that are not streamed (`stream` not true): answered with one Message
// JSON, folded from the events a streamed answer would have sent. A request for at most one output
// token is a token-count probe (Claude Code measures its tool schemas so against a base URL with no
// count_tokens route): it carries no answer worth a model.yml item, so it is answered with the
// request's counted input tokens alone, like Gemini's countTokens. Pure.
import type { SseEvent } from '../script.ts'
import { countAnthropicRequestTokens } from './request-tokens.ts'

type AnthropicStyle = 'stream' | 'unary' | 'count'

export function anthropicRequestStyle(body: unknown): AnthropicStyle {
  const request = (body ?? {}) as { stream?: unknown; max_tokens?: unknown }
  if (request.stream === true) return 'stream'
  return typeof request.max_tokens === 'number' && request.max_tokens <= 1 ? 'count' : 'unary'
}

export function anthropicCountAnswer(body: unknown): Record<string, unknown> {
  const model = (body as { model?: unknown } | undefined)?.model
  return {
    id: 'msg_stub_count',
    type: 'message',
    role: 'assistant',
    model: typeof model === 'string' ? model : 'claude-stub',
    content: [],
    stop_reason: 'max_tokens',
    stop_sequence: null,
    usage: { input_tokens: countAnthropicRequestTokens(body), output_tokens: 0 },
  }
}

interface Block {
  type: string
  text?: string
  thinking?: string
  signature?: string
  input?: unknown
  partial_json?: string
  [key: string]: unknown
}

/** The Message a stream of `event: NAME\ndata: JSON` events (./render.ts) adds up to. */
export function foldAnthropicEvents(events: readonly SseEvent[]): Record<string, unknown> {
  let message: Record<string, unknown> = {}
  const blocks: Block[] = []
  for (const raw of events) {
    const data = typeof raw === 'string' ? eventData(raw) : raw
    if (!data) continue
    if (data.type === 'message_start') message = { ...(data.message as Record<string, unknown>) }
    if (data.type === 'content_block_start') blocks[data.index as number] = { ...(data.content_block as Block) }
    if (data.type === 'content_block_delta') addDelta(blocks[data.index as number], data.delta as Block)
    if (data.type === 'message_delta') {
      message = { ...message, ...(data.delta as Record<string, unknown>) }
      message.usage = { ...(message.usage as Record<string, unknown>), ...(data.usage as Record<string, unknown>) }
    }
  }
  return { ...message, content: blocks.filter(Boolean).map(finishBlock) }
}

function eventData(event: string): Record<string, unknown> | undefined {
  const line = event.split('\n').find((l) => l.startsWith('data: '))
  return line ? (JSON.parse(line.slice('data: '.length)) as Record<string, unknown>) : undefined
}

function addDelta(block: Block | undefined, delta: Block): void {
  if (!block) return
  if (delta.type === 'text_delta') block.text = (block.text ?? '') + (delta.text ?? '')
  if (delta.type === 'thinking_delta') block.thinking = (block.thinking ?? '') + (delta.thinking ?? '')
  if (delta.type === 'signature_delta') block.signature = delta.signature
  if (delta.type === 'input_json_delta') block.partial_json = (block.partial_json ?? '') + (delta.partial_json ?? '')
}

function finishBlock({ partial_json, ...block }: Block): Block {
  return partial_json === undefined ? block : { ...block, input: JSON.parse(partial_json || '{}') }
}
