// The wires the model server speaks, by route, and how a served item becomes the bytes of one.
// `script` is dsh's own: the scripted stand-in (plugins/llm-stub) takes the model.yml item itself,
// as JSON, for adapters whose wire the server does not speak.
import { renderAnthropicMessages } from './anthropic/render.ts'
import { type ModelScriptItem, WireExpressionError } from './model-script.ts'
import { renderOpenAiChat } from './openai-chat/render.ts'
import { renderOpenAiResponses } from './openai-responses/render.ts'
import { foldGeminiEvents, renderGemini } from './gemini/render.ts'
import { anthropicCountAnswer, anthropicRequestStyle, foldAnthropicEvents } from './anthropic/unary.ts'
import { anthropicCanonical } from './anthropic/request.ts'
import type { CanonicalRequest } from './canonical.ts'
import { countGeminiRequestTokens, geminiCanonical } from './gemini/request.ts'
import { openAiChatCanonical } from './openai-chat/request.ts'
import { responsesCanonical } from './openai-responses/request.ts'
import type { SseEvent, StubScriptItem } from './script.ts'
import type { ServedItem } from './served-item.ts'

export const WIRES = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini', 'script'] as const
export type Wire = (typeof WIRES)[number]

/** The wires a foreign agent may be pointed at (`script` is dsh's own). */
export const AGENT_WIRES = WIRES.filter((wire) => wire !== 'script')

const ROUTES: Record<string, Wire> = {
  '/chat/completions': 'openai-chat',
  '/v1/chat/completions': 'openai-chat',
  '/responses': 'openai-responses',
  '/v1/responses': 'openai-responses',
  '/v1/messages': 'anthropic-messages',
  '/messages': 'anthropic-messages',
  '/dsh/model-script': 'script',
}

/** Gemini names the model and the method in the path: `/v1beta/models/<model>:<method>`. */
const GEMINI_ROUTE = /^\/(?:v1|v1beta|v1alpha)\/models\/[^/:]+:(streamGenerateContent|generateContent|countTokens)$/

/** How a route is answered: streamed (default), one JSON body, or a token count that takes no script item. */
export type RouteStyle = 'stream' | 'unary' | 'count'

export function routeWire(path: string): Wire | undefined {
  return routeOf(path)?.wire
}

export function routeOf(path: string): { wire: Wire; style: RouteStyle } | undefined {
  const wire = ROUTES[path]
  if (wire) return { wire, style: 'stream' }
  const method = GEMINI_ROUTE.exec(path)?.[1]
  if (!method) return undefined
  return {
    wire: 'gemini',
    style: method === 'streamGenerateContent' ? 'stream' : method === 'countTokens' ? 'count' : 'unary',
  }
}

/** The route's style once its body is read: Anthropic says in the body whether it streams. */
export function requestStyle(wire: Wire, routeStyle: RouteStyle, body: unknown): RouteStyle {
  return wire === 'anthropic-messages' ? anthropicRequestStyle(body) : routeStyle
}

/** A `count` request's answer, which takes no script item: the request's counted input tokens. */
export function countAnswer(wire: Wire, body: unknown): Record<string, unknown> {
  return wire === 'anthropic-messages' ? anthropicCountAnswer(body) : { totalTokens: countGeminiRequestTokens(body) }
}

/** A `unary` request's answer: the events a streamed answer would send, as the one body of the wire. */
export function foldEvents(wire: Wire, events: readonly SseEvent[]): Record<string, unknown> {
  return wire === 'anthropic-messages' ? foldAnthropicEvents(events) : foldGeminiEvents(events)
}

/** A request body in no provider's shape (canonical.ts); `script` requests have none. */
export function canonicalRequest(wire: Wire, body: unknown): CanonicalRequest {
  switch (wire) {
    case 'openai-chat':
      return openAiChatCanonical(body)
    case 'openai-responses':
      return responsesCanonical(body)
    case 'anthropic-messages':
      return anthropicCanonical(body)
    case 'gemini':
      return geminiCanonical(body)
    case 'script':
      return { system: '', messages: [], tools: [] }
  }
}

/** What one request is answered with: a wire item, or the script item as JSON (the `script` route). */
export type Rendered = { item: StubScriptItem | { kind: 'json'; body: unknown } } | { problem: string }

export function renderOnWire(served: ServedItem, wire: Wire, requestBody: unknown, index: number): Rendered {
  try {
    if (served.kind !== 'model') {
      if (wire === 'openai-chat' || served.kind !== 'sse') return { item: served }
      throw new WireExpressionError('a raw SSE item is chat-completions events')
    }
    return { item: renderModelItem(served.item, wire, requestBody) }
  } catch (error) {
    if (!(error instanceof WireExpressionError)) throw error
    return {
      problem: `request ${index} came on the ${wire} wire, which cannot express its script item: ${error.message}`,
    }
  }
}

/** One model.yml item on a wire; throws WireExpressionError naming what the wire cannot say. */
export function renderModelItem(
  item: ModelScriptItem,
  wire: Wire,
  requestBody: unknown = {},
): StubScriptItem | { kind: 'json'; body: unknown } {
  switch (wire) {
    case 'openai-chat':
      return renderOpenAiChat(item)
    case 'anthropic-messages':
      return renderAnthropicMessages(item, requestBody)
    case 'openai-responses':
      return renderOpenAiResponses(item, requestBody)
    case 'gemini':
      return renderGemini(item, requestBody)
    case 'script':
      if (item.kind === 'sse')
        throw new WireExpressionError(
          'raw `sse` events are chat-completions events, and this adapter speaks no wire the server serves; script ' +
            'the turn with `reply`',
        )
      return { kind: 'json', body: item }
  }
}
