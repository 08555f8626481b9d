// What a session list shows (ACP session/list): id, cwd, a title from the first prompt and
// the last activity. Reads only a log's first lines, so listing stays cheap for long logs.
import { closeSync, readSync, statSync } from 'node:fs'
import { openRegularSync } from '../../lib/regular-file.ts'
import type { SessionHeader } from './events.ts'

export interface SessionSummary {
  id: string
  cwd: string
  /** The first line of the first prompt's text; absent before the first prompt. */
  title?: string
  /** Last activity, ms since the epoch: the log file's modification time (every event is an append). */
  updatedAt: number
}

const TITLE_MAX_CHARS = 80
/** How far into a log the first prompt is looked for (it is normally line 2). */
const TITLE_SEARCH_BYTES = 256 * 1024

/**
 * Every session under the store's root, newest activity first. File times are coarse (a
 * clock tick), so ties are common: the later-created session comes first (`list()` order).
 */
export function summarizeSessions(store: { list(): SessionHeader[]; path(id: string): string }): SessionSummary[] {
  const summaries: SessionSummary[] = []
  for (const header of store.list()) {
    // A subagent's log belongs to its parent's history: session/list shows parents only.
    if (header.parentSession) continue
    let updatedAt: number
    try {
      updatedAt = statSync(store.path(header.id)).mtimeMs
    } catch {
      continue // deleted since list() saw it
    }
    const title = titleOf(store.path(header.id))
    summaries.push({ id: header.id, cwd: header.cwd, ...(title ? { title } : {}), updatedAt })
  }
  // Reversed creation order, then a stable sort by activity: ties keep the newer creation first.
  return summaries.reverse().sort((a, b) => b.updatedAt - a.updatedAt)
}

/** The first line of text of the log's first `user/message`, cut to TITLE_MAX_CHARS. */
export function titleOf(file: string): string | undefined {
  let lines: Generator<string>
  try {
    lines = leadingLines(file, TITLE_SEARCH_BYTES)
  } catch {
    return undefined // not a regular file any more, or gone: no title
  }
  for (const line of lines) {
    if (!line.includes('"user/message"')) continue
    let event: { type?: unknown; data?: { content?: unknown } }
    try {
      event = JSON.parse(line)
    } catch {
      return undefined
    }
    if (event.type !== 'user/message') continue
    return titleFromContent(event.data?.content)
  }
  return undefined
}

/** The first non-empty line of the content's first text block, cut to `max` characters. */
export function titleFromContent(content: unknown, max = TITLE_MAX_CHARS): string | undefined {
  if (!Array.isArray(content)) return undefined
  for (const block of content) {
    if (block?.type !== 'text' || typeof block.text !== 'string') continue
    const line = block.text
      .split('\n')
      .map((part: string) => part.trim())
      .find(Boolean)
    if (line) return line.length > max ? `${line.slice(0, max - 1)}…` : line
  }
  return undefined
}

/** Complete lines from the start of a file, up to `maxBytes` read. */
function leadingLines(file: string, maxBytes: number): Generator<string> {
  // Opened here, not when the generator first runs: a refusal is the caller's to catch.
  return linesOf(openRegularSync(file), maxBytes)
}

function* linesOf(fd: number, maxBytes: number): Generator<string> {
  try {
    const buffer = Buffer.alloc(64 * 1024)
    let pending = Buffer.alloc(0)
    for (let total = 0; total < maxBytes; ) {
      const read = readSync(fd, buffer, 0, buffer.length, null)
      if (read === 0) return
      total += read
      pending = Buffer.concat([pending, buffer.subarray(0, read)])
      for (let newline = pending.indexOf(0x0a); newline !== -1; newline = pending.indexOf(0x0a)) {
        yield pending.subarray(0, newline).toString('utf8')
        pending = pending.subarray(newline + 1)
      }
    }
  } finally {
    closeSync(fd)
  }
}
