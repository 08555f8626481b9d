// A chat-completions body read as a canonical request (../canonical.ts).
import { argumentText, type CanonicalMessage, type CanonicalRequest, mergeRuns, message } from '../canonical.ts'

interface ChatMessage {
  role?: unknown
  content?: unknown
  name?: unknown
  tool_calls?: Array<{ function?: { name?: unknown; arguments?: unknown } }>
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((part) => String((part as { text?: unknown } | null)?.text ?? '')).join('')
}

export function openAiChatCanonical(body: unknown): CanonicalRequest {
  const request = (body ?? {}) as { messages?: unknown; tools?: unknown }
  const system: string[] = []
  const messages: CanonicalMessage[] = []
  for (const m of (Array.isArray(request.messages) ? request.messages : []) as ChatMessage[]) {
    const text = contentText(m.content)
    if (m.role === 'system' || m.role === 'developer') system.push(text)
    else if (m.role === 'tool') messages.push(message('tool', [], [], [{ output: text }]))
    else if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).map((call) => ({
        name: String(call.function?.name ?? ''),
        arguments: argumentText(call.function?.arguments ?? ''),
      }))
      messages.push(message('assistant', [text], calls))
    } else messages.push(message('user', [text]))
  }
  const tools = (Array.isArray(request.tools) ? request.tools : []).map((tool) =>
    String((tool as { function?: { name?: unknown } }).function?.name ?? ''),
  )
  return { system: system.join('\n'), messages: mergeRuns(messages), tools: tools.sort() }
}
