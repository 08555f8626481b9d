// The form in which live and recorded messages are compared and shown: cwd spellings
// collapsed to `{{cwd}}`, keys sorted (key order never counts as drift). Pure.
import type { Message } from '../llm/types.ts'

/** A copy of the message with `collapse` applied to every string in it (the message itself when none). */
export function collapseCwd(message: Message, collapse: ((text: string) => string) | undefined): Message {
  return collapse ? mapStrings(message, collapse) : message
}

function mapStrings<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace)) as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, replace)
    return out as T
  }
  return value
}

/** JSON with sorted keys and no undefined members. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item
    return Object.fromEntries(
      Object.keys(item)
        .sort()
        .map((key) => [key, (item as Record<string, unknown>)[key]]),
    )
  })
}

/** A message as readable lines: one `key: value` per scalar, multi-line text indented below its key. */
export function renderMessage(message: Message): string {
  const lines: string[] = []
  const record: Record<string, unknown> = { ...message }
  for (const key of Object.keys(record).sort()) {
    const value = record[key]
    if (key === 'toolCalls' && Array.isArray(value)) {
      value.forEach((call, index) => lines.push(`toolCalls[${index}]: ${canonical(call)}`))
    } else if (typeof value === 'string' && value.includes('\n')) {
      lines.push(`${key}:`, ...value.split('\n').map((line) => `  ${line}`))
    } else {
      lines.push(`${key}: ${typeof value === 'string' ? value : canonical(value)}`)
    }
  }
  return lines.join('\n')
}
