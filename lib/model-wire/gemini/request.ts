// A Gemini generateContent body read as a canonical request (../canonical.ts), and counted for usage.
import { asText, type CanonicalMessage, type CanonicalRequest, mergeRuns, message } from '../canonical.ts'
import { countTokens } from '../token-cut.ts'

interface Part {
  text?: unknown
  thought?: unknown
  functionCall?: { name?: unknown; args?: unknown }
  functionResponse?: { name?: unknown; response?: unknown }
}

interface Content {
  role?: unknown
  parts?: unknown
}

const partsOf = (content: unknown): Part[] => {
  const parts = (content as Content | undefined)?.parts
  return Array.isArray(parts) ? (parts as Part[]) : []
}

export function geminiCanonical(body: unknown): CanonicalRequest {
  const request = (body ?? {}) as { contents?: unknown; systemInstruction?: unknown; tools?: unknown }
  const system = partsOf(request.systemInstruction)
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .join('\n')
  const contents = Array.isArray(request.contents) ? (request.contents as Content[]) : []
  const messages = mergeRuns(contents.map(contentMessage))
  const tools = (Array.isArray(request.tools) ? request.tools : []).flatMap((tool) => {
    const declarations = (tool as { functionDeclarations?: Array<{ name?: unknown }> }).functionDeclarations
    return (declarations ?? []).map((declaration) => String(declaration.name ?? ''))
  })
  return { system, messages, tools: tools.sort() }
}

function contentMessage(content: Content): CanonicalMessage {
  const parts = partsOf(content)
  const texts = parts.filter((p) => typeof p.text === 'string' && !p.thought).map((p) => p.text as string)
  const calls = parts
    .filter((p) => p.functionCall)
    .map((p) => ({ name: String(p.functionCall?.name ?? ''), arguments: asText(p.functionCall?.args ?? {}) }))
  const results = parts
    .filter((p) => p.functionResponse)
    .map((p) => ({ name: String(p.functionResponse?.name ?? ''), output: asText(p.functionResponse?.response) }))
  if (results.length) return message('tool', texts, [], results)
  return message(content.role === 'model' ? 'assistant' : 'user', texts, calls)
}

/** Prompt tokens counted like the other wires count theirs (token-cut.ts). */
export function countGeminiRequestTokens(body: unknown): number {
  const request = geminiCanonical(body)
  const texts = [request.system, ...request.messages.map((m) => JSON.stringify(m))]
  return texts.reduce((sum, text) => sum + countTokens(text), 0)
}
