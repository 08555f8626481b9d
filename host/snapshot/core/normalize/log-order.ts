// The order a run's session logs are committed in (session.jsonl, session.1.jsonl, …): by the
// first message to the client that names their session (creation order, since the driver
// creates sessions one at a time), then by createdAt, then by id; subagents' logs after them.
// Both hosts use this, so their surfaces cannot differ by ordering. Pure; walks the messages without recursion.
import type { SessionLogObjects } from './session-log.ts'

export function inFixtureOrder<T extends SessionLogObjects>(logs: readonly T[], messages: readonly object[]): T[] {
  const header = (log: T) => log.header as { id?: unknown; createdAt?: unknown; parentSession?: unknown }
  const topLevel = logs.filter((log) => header(log).parentSession === undefined)
  const ids = new Set(topLevel.map((log) => String(header(log).id)))
  const seen = firstMentions(ids, messages)
  const rank = (log: T) => seen.get(String(header(log).id)) ?? Number.MAX_SAFE_INTEGER
  const created = (log: T) => Number(header(log).createdAt ?? 0)
  const ordered = [...topLevel].sort((a, b) => {
    const byMention = rank(a) - rank(b) || created(a) - created(b)
    if (byMention) return byMention
    const [x, y] = [String(header(a).id), String(header(b).id)]
    return x < y ? -1 : x > y ? 1 : 0
  })
  return withChildren(ordered, logs)
}

/**
 * Subagents' logs follow the sessions, each parent's children in the spawn order of its tool calls
 * (turn, step, call index), level by level: never by creation time or by which child ran first.
 */
function withChildren<T extends SessionLogObjects>(ordered: T[], logs: readonly T[]): T[] {
  const children = new Map<string, T[]>()
  for (const log of logs) {
    const parent = (log.header as { parentSession?: unknown }).parentSession
    if (parent === undefined) continue
    children.set(String(parent), [...(children.get(String(parent)) ?? []), log])
  }
  const spawnKey = (log: T): [turn: number, step: number, call: number] => {
    const spawn = (log.header as { spawn?: { turn?: number; step?: number; call?: number } }).spawn ?? {}
    return [spawn.turn ?? 0, spawn.step ?? 0, spawn.call ?? 0]
  }
  const bySpawn = (a: T, b: T) => {
    const [[turnA, stepA, callA], [turnB, stepB, callB]] = [spawnKey(a), spawnKey(b)]
    return turnA - turnB || stepA - stepB || callA - callB
  }
  const out = [...ordered]
  // Children are appended while iterating, so their own children follow them (breadth first).
  for (const log of out) {
    const id = String((log.header as { id?: unknown }).id)
    out.push(...(children.get(id) ?? []).sort(bySpawn))
  }
  // A child whose parent is not among the logs (a broken run) still gets a place, last.
  return [...out, ...logs.filter((log) => !out.includes(log))]
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
        for (const key of keys.reverse()) {
          stack.push((value as Record<string, unknown>)[key])
          stack.push(key)
        }
      }
    }
    if (seen.size === ids.size) break
  }
  return seen
}
