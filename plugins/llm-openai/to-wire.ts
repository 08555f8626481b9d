// Serialize a provider-neutral LlmRequest into an OpenAI-compatible chat completions body. Pure: the
// same request and defaults always give the same JSON text, which matters because recorded
// scenarios pin the exact body.
import type { LlmRequest, Message, ToolSchema } from '../llm/types.ts'

type WireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string }

interface WireToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

interface WireTool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

/** Body fields the adapter owns; config `defaults` may not set them. */
export const RESERVED_BODY_KEYS = ['model', 'messages', 'tools', 'stream', 'stream_options'] as const

function toWireMessages(system: string, messages: Message[]): WireMessage[] {
  const wire: WireMessage[] = []
  if (system) wire.push({ role: 'system', content: system })
  for (const message of messages) wire.push(toWireMessage(message))
  return wire
}

function toWireMessage(message: Message): WireMessage {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content }
    case 'assistant': {
      // Reasoning is never sent back: deepseek-reasoner answers 400 when an input
      // message carries `reasoning_content`.
      const toolCalls = message.toolCalls ?? []
      if (!toolCalls.length) return { role: 'assistant', content: message.content }
      return {
        role: 'assistant',
        // The API accepts null content next to tool_calls; an empty string is sent as null.
        content: message.content || null,
        tool_calls: toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      }
    }
    case 'tool':
      // `isError` has no wire field: the output text already tells the model what failed.
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
  }
}

function toWireTools(tools: ToolSchema[]): WireTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }))
}

/**
 * The request body, keys in a fixed order: model, messages, tools (omitted when empty:
 * the API rejects `tools: []`), config defaults sorted by key, `max_tokens` from the
 * request (wins over a default), then the streaming flags.
 */
export function toWireBody(
  request: LlmRequest,
  defaults: Record<string, unknown> = {},
  maxTokensField: 'max_tokens' | 'max_completion_tokens' = 'max_tokens',
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.model,
    messages: toWireMessages(request.system, request.messages),
  }
  if (request.tools.length) body.tools = toWireTools(request.tools)
  const extra: Record<string, unknown> = { ...defaults }
  if (request.maxTokens !== undefined) extra[maxTokensField] = request.maxTokens
  for (const key of Object.keys(extra).sort()) {
    if ((RESERVED_BODY_KEYS as readonly string[]).includes(key)) continue
    body[key] = extra[key]
  }
  body.stream = true
  body.stream_options = { include_usage: true }
  return body
}
