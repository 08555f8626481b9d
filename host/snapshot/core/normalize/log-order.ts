// The order a run's session logs are committed in (session.jsonl, session.1.jsonl, …): by the
// first message to the client that names their session (creation order, since the driver
// creates sessions one at a time), then by createdAt, then by id. Both hosts use this, so their
// surfaces cannot differ by ordering. Pure; walks the messages without recursion.
import type { SessionLogObjects } from './session-log.ts'

export function inFixtureOrder<T extends SessionLogObjects>(logs: readonly T[], messages: readonly object[]): T[] {
  const header = (log: T) => log.header as { id?: unknown; createdAt?: unknown }
  const ids = new Set(logs.map((log) => String(header(log).id)))
  const seen = firstMentions(ids, messages)
  const rank = (log: T) => seen.get(String(header(log).id)) ?? Number.MAX_SAFE_INTEGER
  const created = (log: T) => Number(header(log).createdAt ?? 0)
  return [...logs].sort((a, b) => {
    const byMention = rank(a) - rank(b) || created(a) - created(b)
    if (byMention) return byMention
    const [x, y] = [String(header(a).id), String(header(b).id)]
    return x < y ? -1 : x > y ? 1 : 0
  })
}

/** Where each id is first named (a string value or key), counted in document order over all messages. */
function firstMentions(ids: ReadonlySet<string>, messages: readonly object[]): Map<string, number> {
  const seen = new Map<string, number>()
  let position = 0
  const note = (text: string) => {
    position++
    if (ids.has(text) && !seen.has(text)) seen.set(text, position)
  }
  for (const message of messages) {
    const stack: unknown[] = [message]
    while (stack.length && seen.size < ids.size) {
      const value = stack.pop()
      if (typeof value === 'string') note(value)
      else if (Array.isArray(value)) for (let index = value.length - 1; index >= 0; index--) stack.push(value[index])
      else if (value !== null && typeof value === 'object') {
        const keys = Object.keys(value)
        for (let index = keys.length - 1; index >= 0; index--) {
          stack.push((value as Record<string, unknown>)[keys[index]!])
          stack.push(keys[index])
        }
      }
    }
    if (seen.size === ids.size) break
  }
  return seen
}
