// A Responses API body read as a canonical request (../canonical.ts), and counted for usage.
import { argumentText, asText, type CanonicalMessage, type CanonicalRequest, mergeRuns, message } from '../canonical.ts'
import { countTokens } from '../token-cut.ts'

interface InputItem {
  type?: unknown
  role?: unknown
  content?: unknown
  name?: unknown
  arguments?: unknown
  output?: unknown
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((part) => String((part as { text?: unknown } | null)?.text ?? '')).join('')
}

export function responsesCanonical(body: unknown): CanonicalRequest {
  const request = (body ?? {}) as { instructions?: unknown; input?: unknown; tools?: unknown }
  const system: string[] = typeof request.instructions === 'string' ? [request.instructions] : []
  const input: InputItem[] =
    typeof request.input === 'string'
      ? [{ type: 'message', role: 'user', content: request.input }]
      : Array.isArray(request.input)
        ? (request.input as InputItem[])
        : []
  const messages: CanonicalMessage[] = []
  for (const item of input) {
    const type = item.type ?? 'message'
    if (type === 'message' && (item.role === 'system' || item.role === 'developer'))
      system.push(contentText(item.content))
    else if (type === 'message')
      messages.push(message(item.role === 'assistant' ? 'assistant' : 'user', [contentText(item.content)]))
    else if (type === 'function_call')
      messages.push(
        message('assistant', [], [{ name: String(item.name ?? ''), arguments: argumentText(item.arguments) }]),
      )
    else if (type === 'function_call_output') messages.push(message('tool', [], [], [{ output: asText(item.output) }]))
  }
  const tools = (Array.isArray(request.tools) ? request.tools : []).map((tool) =>
    String((tool as { name?: unknown; type?: unknown }).name ?? (tool as { type?: unknown }).type ?? ''),
  )
  return { system: system.join('\n'), messages: mergeRuns(messages), tools: tools.sort() }
}

export function countResponsesRequestTokens(body: unknown): number {
  const request = responsesCanonical(body)
  return [request.system, ...request.messages.map((m) => JSON.stringify(m))].reduce((n, t) => n + countTokens(t), 0)
}
