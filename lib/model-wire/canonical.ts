// A model request in no provider's shape: what replay binds by (./replay.ts) and what a recording
// keeps of a request (./recording.ts). Each wire reads its own body into this (<wire>/request.ts);
// ids the agent draws per run (tool-call ids) are left out, texts are kept whole. Pure.
import { z } from 'zod'

export const CanonicalMessage = z.strictObject({
  role: z.enum(['user', 'assistant', 'tool']),
  text: z.string().optional(),
  toolCalls: z.array(z.strictObject({ name: z.string(), arguments: z.string() })).optional(),
  /** What a tool answered: its name when the wire says it, and its output as text. */
  toolResults: z.array(z.strictObject({ name: z.string().optional(), output: z.string() })).optional(),
})
export type CanonicalMessage = z.infer<typeof CanonicalMessage>

export const CanonicalRequest = z.strictObject({
  system: z.string(),
  messages: z.array(CanonicalMessage),
  /** The names of the tools offered, sorted. */
  tools: z.array(z.string()),
})
export type CanonicalRequest = z.infer<typeof CanonicalRequest>

/** A message with its empty fields left out (so every wire builds the same object for the same turn). */
export function message(
  role: CanonicalMessage['role'],
  texts: readonly string[],
  toolCalls: CanonicalMessage['toolCalls'] = [],
  toolResults: CanonicalMessage['toolResults'] = [],
): CanonicalMessage {
  const out: CanonicalMessage = { role }
  const text = texts.join('')
  if (text) out.text = text
  if (toolCalls.length) out.toolCalls = toolCalls
  if (toolResults.length) out.toolResults = toolResults
  return out
}

/** JSON text of any value: a string as it is, anything else stringified with sorted keys. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(sortKeys(value)) ?? ''
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (!value || typeof value !== 'object') return value
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]))
}

/** Arguments as sorted JSON when they parse, else as sent. */
export function argumentText(value: unknown): string {
  if (typeof value !== 'string') return asText(value)
  try {
    return asText(JSON.parse(value))
  } catch {
    return value
  }
}

/** Consecutive messages of one role merged (wires split a turn's parts differently). */
export function mergeRuns(messages: readonly CanonicalMessage[]): CanonicalMessage[] {
  const out: CanonicalMessage[] = []
  for (const next of messages) {
    const last = out.at(-1)
    if (!last || last.role !== next.role) {
      out.push({ ...next })
      continue
    }
    out[out.length - 1] = message(
      last.role,
      [last.text ?? '', next.text ?? ''],
      [...(last.toolCalls ?? []), ...(next.toolCalls ?? [])],
      [...(last.toolResults ?? []), ...(next.toolResults ?? [])],
    )
  }
  return out
}
