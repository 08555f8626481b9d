// Feeds durable session events from a sessions root that another process writes: watches
// the folder and reads each file's complete new lines as they land.
import { closeSync, openSync, readdirSync, readSync, statSync, watch, type FSWatcher } from 'node:fs'
import { join } from 'node:path'
import type { SessionEvent } from '../../plugins/session/events.ts'
import type { SessionEventFeed } from '../driver/event-feed.ts'

export class SessionLogTail {
  private offsets = new Map<string, { offset: number; rest: string; sessionId?: string }>()
  private watcher: FSWatcher

  constructor(private root: string, private feed: SessionEventFeed) {
    this.watcher = watch(root, () => this.scan())
    this.scan()
  }

  /** Read what has landed since the last scan; called on every change and once more at the end. */
  scan(): void {
    for (const name of readdirSync(this.root)) {
      if (name.endsWith('.jsonl')) this.readNew(join(this.root, name))
    }
  }

  close(): void {
    this.scan()
    this.watcher.close()
  }

  private readNew(file: string) {
    const state = this.offsets.get(file) ?? { offset: 0, rest: '' }
    this.offsets.set(file, state)
    const size = statSync(file).size
    if (size <= state.offset) return
    const buffer = Buffer.alloc(size - state.offset)
    const fd = openSync(file, 'r')
    try {
      readSync(fd, buffer, 0, buffer.length, state.offset)
    } finally {
      closeSync(fd)
    }
    state.offset = size
    const lines = (state.rest + buffer.toString('utf8')).split('\n')
    state.rest = lines.pop() ?? ''
    for (const line of lines) {
      if (!line) continue
      const record = JSON.parse(line)
      if (record.type === 'session') state.sessionId = record.id
      else if (state.sessionId) this.feed.push(state.sessionId, record as SessionEvent)
    }
  }
}
