// How check messages quote what they saw: JSON, cut to a length, and short lists. What the agent
// sent is quoted without its terminal codes (inside JSON they would be escaped past the report's
// own stripping).
import { stripTerminalCodes } from './printable.ts'

export const show = (value: unknown, max = 120): string => {
  const text =
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? stripTerminalCodes(item) : item)) ??
    String(value)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

export const list = (items: readonly unknown[], max = 4): string =>
  items.length
    ? items
        .slice(0, max)
        .map((i) => show(i))
        .join(', ') + (items.length > max ? `, … (${items.length} in all)` : '')
    : 'none'

/** A JSON-RPC error as messages quote it: `-32603: Internal error (data: {"details":"…"})`. */
export const rpcError = (error: { code?: number; message: string; data?: unknown }, max = 400): string =>
  `${error.code ?? 'no code'}: ${error.message}${error.data !== undefined ? ` (data: ${show(error.data, max)})` : ''}`

/**
 * A step failure's message with the error's `data` after the agent's message (an agent often puts
 * the real cause there: "-32603: Internal error" alone says nothing).
 */
export function withErrorData(message: string, error?: { code?: number; message: string; data?: unknown }): string {
  if (error?.data === undefined) return message
  const said = `${error.code ?? 'no code'}: ${error.message}`
  const shown = rpcError(error, 500)
  return message.includes(said) ? message.replace(said, shown) : `${message} (error data: ${show(error.data, 500)})`
}
