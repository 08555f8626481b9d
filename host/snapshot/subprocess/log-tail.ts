// Feeds durable session events from a sessions root that another process writes: watches
// the folder and reads each file's complete new lines as they land.
import { StringDecoder } from 'node:string_decoder'
import { closeSync, openSync, readdirSync, readSync, statSync, watch, type FSWatcher } from 'node:fs'
import { join } from 'node:path'
import type { SessionEvent } from '../../../plugins/session/events.ts'
import type { SessionEventFeed } from '../plugin/driver/event-feed.ts'

interface FileState {
  offset: number
  rest: string
  /** A read may end inside a multi-byte character; the decoder keeps its first bytes for the next read. */
  decoder: StringDecoder
  /** Complete lines read so far, for naming a bad line. */
  lines: number
  sessionId?: string
}

export class SessionLogTail {
  /**
   * What could not be read (the folder, a file, a line that is not JSON), each naming
   * the file and line where known. Nothing is thrown from the watcher: a caller reports
   * these once the run ends.
   */
  readonly problems: string[] = []
  private offsets = new Map<string, FileState>()
  private watcher: FSWatcher

  constructor(
    private root: string,
    private feed: SessionEventFeed,
  ) {
    this.watcher = watch(root, () => this.scan())
    this.watcher.on('error', (error) => this.problem(`watching ${root} failed: ${error.message}`))
    this.scan()
  }

  /** Read what has landed since the last scan; called on every change and once more at the end. Never throws. */
  scan(): void {
    let names: string[]
    try {
      names = readdirSync(this.root)
    } catch (error) {
      this.problem(`cannot list ${this.root}: ${(error as Error).message}`)
      return
    }
    for (const name of names) {
      if (!name.endsWith('.jsonl')) continue
      const file = join(this.root, name)
      try {
        this.readNew(file)
      } catch (error) {
        this.problem(`cannot read ${file}: ${(error as Error).message}`)
      }
    }
  }

  close(): void {
    this.scan()
    this.watcher.close()
  }

  /** Record a problem once: the watcher may hit the same failure on every change. */
  private problem(text: string): void {
    if (!this.problems.includes(text)) this.problems.push(text)
  }

  private readNew(file: string) {
    const state = this.offsets.get(file) ?? { offset: 0, rest: '', lines: 0, decoder: new StringDecoder('utf8') }
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
    const lines = (state.rest + state.decoder.write(buffer)).split('\n')
    state.rest = lines.pop() ?? ''
    for (const line of lines) {
      state.lines += 1
      if (!line) continue
      let record: { type?: unknown; id?: unknown } | null
      try {
        record = JSON.parse(line)
      } catch (error) {
        this.problem(`${file}:${state.lines}: not a JSON line (${(error as Error).message})`)
        continue
      }
      if (typeof record !== 'object' || record === null || Array.isArray(record)) {
        this.problem(`${file}:${state.lines}: not a JSON object`)
        continue
      }
      if (record.type === 'session') state.sessionId = record.id as string
      else if (state.sessionId) this.feed.push(state.sessionId, record as SessionEvent)
    }
  }
}
