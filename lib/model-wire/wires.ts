// The wires the model server speaks, by route, and how a served item becomes the bytes of one.
// `script` is dsh's own: the scripted stand-in (plugins/llm-stub) takes the model.yml item itself,
// as JSON, for adapters whose wire the server does not speak.
import { renderAnthropicMessages } from './anthropic/render.ts'
import { type ModelScriptItem, WireExpressionError } from './model-script.ts'
import { renderOpenAiChat } from './openai-chat/render.ts'
import type { StubScriptItem } from './script.ts'
import type { ServedItem } from './served-item.ts'

export const WIRES = ['openai-chat', 'anthropic-messages', 'script'] as const
export type Wire = (typeof WIRES)[number]

const ROUTES: Record<string, Wire> = {
  '/chat/completions': 'openai-chat',
  '/v1/chat/completions': 'openai-chat',
  '/v1/messages': 'anthropic-messages',
  '/messages': 'anthropic-messages',
  '/dsh/model-script': 'script',
}

export function routeWire(path: string): Wire | undefined {
  return ROUTES[path]
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
    case 'script':
      if (item.kind === 'sse')
        throw new WireExpressionError(
          'raw `sse` events are chat-completions events, and this adapter speaks no wire the server serves; script ' +
            'the turn with `reply`',
        )
      return { kind: 'json', body: item }
  }
}
