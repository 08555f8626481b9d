// The files a recorded session's tool calls name (ACP `locations` on tool_call updates), read the
// moment the agent first names each one, before it acts on it: the scenario's workspace/ seeds
// the replayed run with them, as the user's project held them. Files outside the cwd, and ones too
// big or not text, are left out and named.
import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { relativeInside } from '../../../lib/path-inside.ts'
import type { CapturedMessage } from './derive.ts'

const MAX_BYTES = 256 * 1024

export class ToolFiles {
  readonly files: Array<{ path: string; text: string }> = []
  readonly skipped: string[] = []
  private readonly seen = new Set<string>()

  constructor(private readonly cwd: string) {}

  /** For proxySession's onMessage. */
  readonly onMessage = ({ dir, message }: CapturedMessage): void => {
    if (dir !== 'out' || message.method !== 'session/update') return
    const update = ((message.params ?? {}) as { update?: { sessionUpdate?: unknown; locations?: unknown } }).update
    if (update?.sessionUpdate !== 'tool_call' && update?.sessionUpdate !== 'tool_call_update') return
    for (const location of Array.isArray(update.locations) ? update.locations : []) {
      const path = (location as { path?: unknown } | null)?.path
      if (typeof path === 'string') this.take(path)
    }
  }

  private take(path: string): void {
    const absolute = resolve(this.cwd, path)
    const inside = relativeInside(this.cwd, absolute)
    if (this.seen.has(absolute)) return
    this.seen.add(absolute)
    if (!inside) {
      this.skipped.push(`${path} (a tool call's file outside the cwd; add it to workspace/ by hand if it matters)`)
      return
    }
    let size: number
    try {
      const stat = statSync(absolute)
      if (!stat.isFile()) return
      size = stat.size
    } catch {
      return // not there yet: the tool call creates it
    }
    const text = size <= MAX_BYTES ? readFileSync(absolute, 'utf8') : undefined
    if (text === undefined || text.includes('\u0000') || text.includes('\ufffd')) {
      this.skipped.push(`${inside} (over ${MAX_BYTES} bytes or not UTF-8 text; copy it to workspace/ by hand)`)
      return
    }
    this.files.push({ path: inside, text })
  }
}
