// Listing the persisted sessions: every log's header under the store's root, oldest first.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { SessionHeader } from './events.ts'
import { parseSessionHeaderLine } from './log-format.ts'
import { readFirstLine } from './read-first-line.ts'
import { SESSION_ID } from './session-path.ts'
import type { StoreState } from './store-state.ts'

/** Headers of every persisted session under `state.root`, oldest first (an open session's from memory). */
export function listSessionHeaders(state: StoreState): SessionHeader[] {
  const { root, live, createdHere } = state
  if (!existsSync(root)) return []
  const order = new Map(createdHere.map((header, index) => [header.id, index]))
  const headers: SessionHeader[] = []
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.jsonl')) continue
    const id = entry.name.slice(0, -'.jsonl'.length)
    if (!SESSION_ID.test(id)) continue
    const path = join(root, entry.name)
    headers.push(live.get(id)?.header ?? parseSessionHeaderLine(readFirstLine(path), path))
  }
  // Same-millisecond sessions: this store's creation order, then id, keeps the order stable.
  const rank = (header: SessionHeader) => order.get(header.id) ?? Number.MAX_SAFE_INTEGER
  return headers.sort(
    (a, b) => a.createdAt - b.createdAt || rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}
