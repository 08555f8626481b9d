// Prompt tokens of an Anthropic Messages request body, counted like the chat-completions one
// (token-cut.ts): the system prompt, every message's text and tool calls, and the tool schemas,
// except tool results (a tool output that changes by a word changes only its own recording line).
import { countTokens } from '../token-cut.ts'

interface Block {
  type?: unknown
  text?: unknown
  thinking?: unknown
  name?: unknown
  input?: unknown
}

export function countAnthropicRequestTokens(body: unknown): number {
  const request = (body ?? {}) as { system?: unknown; messages?: unknown; tools?: unknown }
  const texts: string[] = [...blockTexts(request.system)]
  for (const message of Array.isArray(request.messages) ? request.messages : [])
    texts.push(...blockTexts((message as { content?: unknown } | null)?.content))
  if (Array.isArray(request.tools) && request.tools.length) texts.push(JSON.stringify(request.tools))
  return texts.reduce((sum, text) => sum + countTokens(text), 0)
}

function blockTexts(content: unknown): string[] {
  if (typeof content === 'string') return [content]
  if (!Array.isArray(content)) return []
  return content.flatMap((raw) => {
    const block = (raw ?? {}) as Block
    if (block.type === 'text' && typeof block.text === 'string') return [block.text]
    if (block.type === 'tool_use') return [String(block.name ?? ''), JSON.stringify(block.input ?? {})]
    return []
  })
}
