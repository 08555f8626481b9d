// An Anthropic Messages body read as a canonical request (../canonical.ts).
import { asText, type CanonicalMessage, type CanonicalRequest, mergeRuns, message } from '../canonical.ts'

interface Block {
  type?: unknown
  text?: unknown
  name?: unknown
  input?: unknown
  content?: unknown
}

const blocksOf = (content: unknown): Block[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? (content as Block[]) : []

const textOf = (blocks: Block[]) =>
  blocks.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string)

export function anthropicCanonical(body: unknown): CanonicalRequest {
  const request = (body ?? {}) as { system?: unknown; messages?: unknown; tools?: unknown }
  const messages: CanonicalMessage[] = []
  for (const m of (Array.isArray(request.messages) ? request.messages : []) as Array<{
    role?: unknown
    content?: unknown
  }>) {
    const blocks = blocksOf(m.content)
    const results = blocks
      .filter((b) => b.type === 'tool_result')
      .map((b) => ({ output: typeof b.content === 'string' ? b.content : textOf(blocksOf(b.content)).join('') }))
    if (results.length) messages.push(message('tool', [], [], results))
    const texts = textOf(blocks)
    if (m.role === 'assistant') {
      const calls = blocks
        .filter((b) => b.type === 'tool_use')
        .map((b) => ({ name: String(b.name ?? ''), arguments: asText(b.input ?? {}) }))
      messages.push(message('assistant', texts, calls))
    } else if (texts.length || !results.length) messages.push(message('user', texts))
  }
  const tools = (Array.isArray(request.tools) ? request.tools : []).map((tool) => String((tool as Block).name ?? ''))
  return { system: textOf(blocksOf(request.system)).join('\n'), messages: mergeRuns(messages), tools: tools.sort() }
}
