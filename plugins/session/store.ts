// The `sessions` service: one append-only JSONL file per session (docs/design.md §5).
import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { type Context, Service } from 'cordis'
import {
  EVENT_TYPES,
  type EventData,
  type EventType,
  type ForkPoint,
  type SessionEvent,
  type SessionHeader,
  type SpawnPoint,
} from './events.ts'

/** The header fields that make a session a subagent of another (plugins/subagents). */
interface SessionParent {
  parentSession: string
  parentCallId: string
  spawn: SpawnPoint
}
import { untraced } from '../config/cordis-compat.ts'
import { joinScope } from '../scope/index.ts'
import { deleteSessionLogs } from './delete-logs.ts'
import { emitSafely } from './emit-safely.ts'
import { SessionLogFile } from './log-file.ts'
import { parseSessionLog, serializeEvent, serializeHeader, type TornTail } from './log-format.ts'
import { claimSessionId, writeForkLog } from './new-log.ts'
import { listSessionHeaders } from './list-headers.ts'
import { readSessionLog } from './read-log.ts'
import { sessionsRootProblem } from './root-check.ts'
import { logPath, SESSION_ID } from './session-path.ts'
import { Config, type ParsedConfig, type SessionStoreConfig } from './store-config.ts'
import { assertOpen, closeLogs, type StoreState } from './store-state.ts'

declare module 'cordis' {
  interface Events {
    /** A session's header is on disk. */
    'session/created'(header: SessionHeader): void
    /** An event's line is written (durable against a killed process); every append, in order. */
    'session/event'(sessionId: string, event: SessionEvent): void
  }
  interface Context {
    sessions: SessionStore
  }
}

export interface SessionContents {
  header: SessionHeader
  events: SessionEvent[]
}

export interface OpenedSession extends SessionContents {
  /** Present when open() cut off the half-written last line a crash left behind. */
  repairedTornTail?: TornTail
}

const KNOWN_TYPES = new Set<string>(EVENT_TYPES)

export class SessionStore extends Service {
  static readonly provide = 'sessions'
  static readonly Config = Config

  private state: StoreState

  /** `ctx.plugin(SessionStore, config?)` takes the input side; Cordis parses it with `Config` before constructing. */
  constructor(ctx: Context, config?: SessionStoreConfig)
  constructor(ctx: Context, resolved: ParsedConfig) {
    super(ctx, 'sessions')
    const events = untraced(ctx.events)
    const emit = events.emit.bind(events) as (name: string, ...args: unknown[]) => void
    this.state = {
      root: resolve(resolved.root),
      fsync: resolved.fsync,
      syncOnClose: resolved.syncOnClose,
      clock: resolved.clock ?? Date.now,
      live: new Map(),
      createdHere: [],
      emit,
      disposed: false,
    }
  }

  *[Service.init]() {
    // A test host's scenario scope (plugins/scope): its own root while it lasts, every log closed after.
    joinScope(this.ctx, { enter: (scope) => this.startOver(scope.sessionsRoot), leave: () => this.startOver() })
    yield () => {
      this.state.disposed = true
      closeLogs(this.state)
    }
  }

  /** The folder of the session logs (absolute). */
  get root(): string {
    return this.state.root
  }

  /**
   * Close every open log, as stopping the store does, and start over empty under `root` (default:
   * the same folder): no session open, none created here. A scenario scope does this on entering and
   * leaving, so a host runs scenario after scenario on one store instead of restarting it.
   */
  private startOver(root?: string): void {
    const state = this.state
    assertOpen(state, 'reset the store')
    const next = root === undefined ? state.root : resolve(root)
    // The store's own root passed this check when it was configured.
    const problem = next === state.root ? undefined : sessionsRootProblem(next)
    if (problem) throw new Error(problem)
    // The store starts over even when a log fails to close: that log's error is still reported.
    this.state = { ...state, root: next, live: new Map(), createdHere: [] }
    closeLogs(state)
  }

  /** Start a session: the header is on disk before this returns, then `session/created` fires. */
  create(options: { cwd: string; id?: string; parent?: SessionParent }): SessionHeader {
    const state = this.state
    assertOpen(state, 'create a session')
    const { id, path } = claimSessionId(state, options, 'create')
    const header: SessionHeader = { type: 'session', version: 1, id, createdAt: state.clock(), cwd: options.cwd }
    if (options.parent) Object.assign(header, options.parent)
    mkdirSync(state.root, { recursive: true })
    const file = SessionLogFile.create(path, serializeHeader(header), state.fsync)
    state.live.set(id, { header, count: 0, file })
    state.createdHere.push(header)
    emitSafely(
      () => state.emit('session/created', header),
      (error) => this.reportListenerError(error),
    )
    return header
  }

  /**
   * Start a fork of another session (ACP session/fork, docs/fork.md): its header names the parent and
   * the fork point, and its first events are copies of `events` (the parent's history, each keeping its
   * time), renumbered from seq 1. The file appears whole or not at all (a kill mid-fork leaves no log).
   * `session/created` fires, then `session/event` for each copy, as if appended.
   */
  fork(options: {
    cwd: string
    id?: string
    from: Omit<ForkPoint, 'events'>
    events: ReadonlyArray<Pick<SessionEvent, 'type' | 'data' | 'time'>>
  }): SessionContents {
    const state = this.state
    assertOpen(state, 'fork a session')
    const { id, path } = claimSessionId(state, options, 'fork')
    const header: SessionHeader = { type: 'session', version: 1, id, createdAt: state.clock(), cwd: options.cwd }
    header.forkedFrom = { ...options.from, events: options.events.length }
    const events = writeForkLog(state, header, path, options.events)
    const report = (error: unknown) => this.reportListenerError(error)
    emitSafely(() => state.emit('session/created', header), report)
    for (const event of events) emitSafely(() => state.emit('session/event', id, event), report)
    return { header, events }
  }

  /**
   * Append one event. Synchronous: the line is written through the fd before this returns
   * (durable against a killed process; against power loss with `fsync`), then `session/event` fires.
   * The event handed out holds the caller's `data` itself (not a parse of the line): do not
   * change it after appending.
   */
  append<K extends EventType>(sessionId: string, type: K, data: EventData[K]): SessionEvent<K> {
    const state = this.state
    assertOpen(state, `append "${type}" to session ${sessionId}`)
    const session = state.live.get(sessionId)
    if (!session) {
      const hint = this.has(sessionId)
        ? 'it is persisted but not open: call sessions.open() first'
        : 'create() it first'
      throw new Error(`cannot append "${type}": unknown session ${sessionId} (${hint})`)
    }
    if (!KNOWN_TYPES.has(type))
      throw new Error(
        `cannot append to session ${sessionId}: unknown event type "${type}"; known: ${EVENT_TYPES.join(', ')}`,
      )
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new Error(`cannot append "${type}" to session ${sessionId}: data must be a plain object`)
    }
    const event = { seq: session.count + 1, time: state.clock(), type, data } as SessionEvent<K>
    let line: string
    try {
      line = serializeEvent(event as SessionEvent)
    } catch (error) {
      throw new Error(
        `cannot append "${type}" to session ${sessionId}: data is not JSON-serializable (${(error as Error).message})`,
      )
    }
    session.file.writeLine(line, type !== 'assistant/chunk')
    session.count++
    emitSafely(
      () => state.emit('session/event', sessionId, event),
      (error) => this.reportListenerError(error),
    )
    return event
  }

  /**
   * Load a persisted session so appends continue after its last seq. Idempotent while open, unless the
   * file at its path is no longer the one open here (put back from a backup, rewritten, moved away):
   * then the open one is let go and the file now at the path is opened, as a later append's error advises.
   */
  open(sessionId: string): OpenedSession {
    const state = this.state
    assertOpen(state, `open session ${sessionId}`)
    const path = logPath(state.root, sessionId)
    const live = state.live.get(sessionId)
    const change = live?.file.changedOnDisk()
    if (live && !change) return this.read(sessionId)
    if (live) {
      state.live.delete(sessionId)
      live.file.close(false)
      if (!existsSync(path))
        throw new Error(
          `cannot open session ${sessionId}: its log ${path} ${change} while the session was open, and no log is ` +
            'at that path now; put the log back and load the session again, or start a new session',
        )
    }
    // Counted as bytes: a torn character decodes to 3 (U+FFFD).
    const bytes = readSessionLog(state.root, sessionId, path)
    const log = parseSessionLog(bytes.toString(), path, { live: true, allowTornTail: true })
    if (log.header.id !== sessionId) {
      throw new Error(
        `${path}:1: header id ${log.header.id} does not match the file name (expected ${sessionId}); rename the file ` +
          `or fix the header`,
      )
    }
    const validBytes = log.tornTail ? log.tornTail.validBytes : bytes.length
    const endsWithNewline = log.tornTail ? true : bytes.at(-1) === 0x0a
    const file = SessionLogFile.reopen(path, { readBytes: bytes.length, validBytes, endsWithNewline }, state.fsync)
    state.live.set(sessionId, { header: log.header, count: log.events.length, file })
    const opened: OpenedSession = { header: log.header, events: [...log.events] }
    if (log.tornTail) opened.repairedTornTail = log.tornTail
    return opened
  }

  /**
   * Stop appending to a session: its log is synced (unless `syncOnClose` is off) and its descriptor
   * and lock released, so another process may open it (session/close; issue 43 item 12). A no-op for
   * a session not open here; `open()` takes it up again.
   */
  close(sessionId: string): void {
    const state = this.state
    const session = state.live.get(sessionId)
    if (!session) return
    state.live.delete(sessionId)
    session.file.close(state.syncOnClose)
  }

  /**
   * Delete a session's log and its subagents' logs from the root (ACP session/delete); returns the
   * files deleted. Throws `SessionDeleteError` (unknown, held by another writer, not a log file) and
   * deletes nothing then. A session open here must be closed first.
   */
  delete(sessionId: string): string[] {
    const state = this.state
    assertOpen(state, `delete session ${sessionId}`)
    if (state.live.has(sessionId))
      throw new Error(`session ${sessionId} is open in this store; close() it before deleting it`)
    return deleteSessionLogs(state.root, sessionId)
  }

  /** The session's header and events, as its file holds them (every append that returned is there). */
  read(sessionId: string): SessionContents {
    const path = logPath(this.root, sessionId)
    // A torn tail is an append that never returned, so it is no part of the session.
    const text = readSessionLog(this.root, sessionId, path).toString()
    const { header, events } = parseSessionLog(text, path, { live: true, allowTornTail: true })
    return { header, events }
  }

  /** Whether the session is open here or persisted under root. An id that cannot name a file is never known. */
  has(sessionId: string): boolean {
    if (this.state.live.has(sessionId)) return true
    return SESSION_ID.test(sessionId) && existsSync(logPath(this.root, sessionId))
  }

  /** Headers of every persisted session under root, oldest first. */
  list(): SessionHeader[] {
    return listSessionHeaders(this.state)
  }

  /** The file a session lives in: `<root>/<id>.jsonl`. */
  path(sessionId: string): string {
    return logPath(this.root, sessionId)
  }

  /** Sessions created by this store instance, in creation order (replay and the test host bind to this). */
  created(): SessionHeader[] {
    return [...this.state.createdHere]
  }

  private reportListenerError(error: unknown): void {
    this.ctx.emit(this.ctx, 'internal/error', error)
  }
}
