// The session logs another process writes, read once: watches the sessions root, reads each
// file's complete new lines as they land, checks each with the log format's own reader, feeds
// the driver's waits and keeps the logs as objects for the judge (no second read or parse). Each file
// stays open from first sight to the end: a session/delete unlinks a log, and the open descriptor still
// reads what was written before it (the in-process host keeps a deleted session's log too).
import { StringDecoder } from 'node:string_decoder'
import { closeSync, fstatSync, readdirSync, readSync, watch, type FSWatcher } from 'node:fs'
import { join } from 'node:path'
import { NotRegularFileError, openRegularSync } from '../../../lib/regular-file.ts'
import type { SessionEvent, SessionHeader } from '../../../plugins/session/events.ts'
import { parseSessionEventLine, parseSessionHeaderLine } from '../../../plugins/session/log-format.ts'
import type { SessionEventFeed } from '../service/driver/event-feed.ts'

interface FileState {
  file: string
  fd: number
  offset: number
  rest: string
  /** A read may end inside a multi-byte character; the decoder keeps its first bytes for the next read. */
  decoder: StringDecoder
  /** Complete lines read so far, for naming a bad line. */
  lines: number
  header?: SessionHeader
  events: SessionEvent[]
}

const EMPTY = () => ({ offset: 0, rest: '', lines: 0, decoder: new StringDecoder('utf8'), events: [] })

export class SessionLogTail {
  /**
   * What could not be read (the folder, a file, a line the log format refuses), each naming
   * the file and line where known. Nothing is thrown from the watcher: a caller reports
   * these once the run ends.
   */
  readonly problems: string[] = []
  private files = new Map<string, FileState>()
  private watcher: FSWatcher
  private closed = false
  /** Names that are not regular files (a FIFO, a folder): no session log in them. */
  private skipped = new Set<string>()

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
      const file = join(this.root, name)
      if (!name.endsWith('.jsonl') || this.files.has(file) || this.skipped.has(file)) continue
      try {
        this.open(file)
      } catch (error) {
        // Listed, then deleted before it could be opened: nothing of it was read, so nothing is kept.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          this.problem(`cannot open ${file}: ${(error as Error).message}`)
      }
    }
    for (const state of this.files.values()) {
      try {
        this.readNew(state)
      } catch (error) {
        this.problem(`cannot read ${state.file}: ${(error as Error).message}`)
      }
    }
  }

  /** The last scan; a line still without its newline is a problem (the writer was cut off). */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.scan()
    this.watcher.close()
    for (const state of this.files.values()) closeSync(state.fd)
    for (const state of this.files.values())
      if (state.rest) this.problem(`${state.file}:${state.lines + 1}: the last line has no newline (a cut-off write)`)
  }

  /** Every log read, header and events as the file holds them (those without a readable header left out). */
  logs(): Array<{ header: SessionHeader; events: SessionEvent[] }> {
    const logs: Array<{ header: SessionHeader; events: SessionEvent[] }> = []
    for (const { header, events } of this.files.values()) if (header) logs.push({ header, events })
    return logs
  }

  /** Non-blocking: a FIFO under a log's name (a test of session/load's refusal makes one) is left alone. */
  private open(file: string): void {
    try {
      this.files.set(file, { ...EMPTY(), file, fd: openRegularSync(file) })
    } catch (error) {
      if (!(error instanceof NotRegularFileError)) throw error
      this.skipped.add(file)
    }
  }

  /** Record a problem once: the watcher may hit the same failure on every change. */
  private problem(text: string): void {
    if (!this.problems.includes(text)) this.problems.push(text)
  }

  private readNew(state: FileState) {
    const size = fstatSync(state.fd).size
    if (size <= state.offset) return
    const buffer = Buffer.alloc(size - state.offset)
    readSync(state.fd, buffer, 0, buffer.length, state.offset)
    state.offset = size
    const lines = (state.rest + state.decoder.write(buffer)).split('\n')
    state.rest = lines.pop() ?? ''
    for (const line of lines) {
      state.lines += 1
      try {
        this.readLine(state, line)
      } catch (error) {
        this.problem((error as Error).message)
      }
    }
  }

  private readLine(state: FileState, line: string): void {
    if (state.lines === 1) {
      state.header = parseSessionHeaderLine(line, state.file)
      return
    }
    const event = parseSessionEventLine(line, state.file, state.lines)
    state.events.push(event)
    if (state.header) this.feed.push(state.header.id, event, state.header.parentSession)
  }
}
