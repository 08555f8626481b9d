// The session log's wire format (docs/design.md §5): serializers with a fixed key order and a
// strict reader that checks every event's data against its kind's schema (event-data-check.ts). Pure: no
// I/O, so the store, replay and the host share one definition.
import { checkData } from './event-data-check.ts'
import {
  EVENT_TYPES,
  type EventData,
  type EventType,
  type ForkPoint,
  type SessionEvent,
  type SessionHeader,
  type SessionParent,
} from './events.ts'

/** An event as it may appear in any log: committed fixtures are normalized and drop `seq`/`time`. */
export type LoggedEvent<K extends EventType = EventType> = {
  [T in K]: { seq?: number; time?: number; type: T; data: EventData[T] }
}[K]

/** A header as it may appear in any log: a normalized fixture may drop `createdAt` (root or child alike). */
export type LoggedHeader = SessionHeader extends infer H
  ? H extends SessionHeader
    ? Omit<H, 'createdAt'> & { createdAt?: number }
    : never
  : never

export interface SessionLog<H = SessionHeader, E = SessionEvent> {
  header: H
  events: E[]
  /** Set only with `allowTornTail`: the final, newline-less, unparsable line a crash left behind. */
  tornTail?: TornTail
}

export interface TornTail {
  /** 1-based line number of the torn line. */
  line: number
  /** Byte length of the complete lines before it: truncate the file to this to repair it. */
  validBytes: number
  text: string
}

export interface ParseOptions {
  /**
   * Require `seq` (1, 2, 3, … with no gaps) and `time` on every event and `createdAt` in the
   * header: the form the store writes. Off by default so committed fixtures parse too.
   */
  live?: boolean
  /**
   * Report a final line that has no trailing newline and is not valid JSON as `tornTail`
   * instead of failing: that is the one append a kill interrupted, never a returned event.
   */
  allowTornTail?: boolean
}

const HEADER_KEYS = [
  'type',
  'version',
  'id',
  'createdAt',
  'cwd',
  'parentSession',
  'parentCallId',
  'spawn',
  'forkedFrom',
]
const EVENT_KEYS = ['seq', 'time', 'type', 'data']
const KNOWN_TYPES = new Set<string>(EVENT_TYPES)
const ENVELOPE_NUMBERS = ['seq', 'time'] as const

/** Line 1 of a session file, without the newline. Keys always in the order of docs/design.md §5. */
export function serializeHeader(header: LoggedHeader): string {
  const { type, version, id, createdAt, cwd, parentSession, parentCallId, spawn, forkedFrom } = header
  const base = createdAt === undefined ? { type, version, id, cwd } : { type, version, id, createdAt, cwd }
  const withParent = parentSession === undefined ? base : { ...base, parentSession, parentCallId, spawn }
  return JSON.stringify(forkedFrom === undefined ? withParent : { ...withParent, forkedFrom })
}

/**
 * One event line, without the newline: `{"seq","time","type","data"}` in that order.
 * An event without `seq`/`time` (a normalized fixture) is written without them.
 * `data` keeps the caller's key order.
 */
export function serializeEvent(event: LoggedEvent): string {
  const { seq, time, type, data } = event
  const ordered: Record<string, unknown> = {}
  if (seq !== undefined) ordered.seq = seq
  if (time !== undefined) ordered.time = time
  ordered.type = type
  ordered.data = data
  return JSON.stringify(ordered)
}

/** A whole log: header, events, one line each, with a trailing newline. */
export function serializeSessionLog(header: LoggedHeader, events: Iterable<LoggedEvent>): string {
  const lines = [serializeHeader(header)]
  for (const event of events) lines.push(serializeEvent(event))
  return `${lines.join('\n')}\n`
}

/**
 * Parse a session log. `file` only labels errors, which read `file:line: what is wrong`.
 * With `{ live: true }` the result is typed as the store's own events (seq/time present).
 */
export function parseSessionLog(
  text: string,
  file: string,
  options: ParseOptions & { live: true },
): SessionLog<SessionHeader, SessionEvent>
export function parseSessionLog(
  text: string,
  file: string,
  options?: ParseOptions,
): SessionLog<LoggedHeader, LoggedEvent>
export function parseSessionLog(
  text: string,
  file: string,
  options: ParseOptions = {},
): SessionLog<LoggedHeader, LoggedEvent> {
  const lines = text.split('\n')
  // A trailing newline leaves one empty segment: that is the normal end of the file.
  if (lines[lines.length - 1] === '') lines.pop()
  if (!lines.length) {
    throw new Error(`${file}:1: empty session log; line 1 must be a header {"type":"session","version":1,…}`)
  }

  let tornTail: TornTail | undefined
  const lastIndex = lines.length - 1
  const lastLine = lines[lastIndex]
  if (options.allowTornTail && !text.endsWith('\n') && lastLine !== undefined && !isJson(lastLine)) {
    const validBytes = Buffer.byteLength(
      lines
        .slice(0, lastIndex)
        .map((line) => `${line}\n`)
        .join(''),
    )
    tornTail = { line: lastIndex + 1, validBytes, text: lastLine }
    lines.pop()
  }

  const [headerLine, ...eventLines] = lines
  // Only a torn tail can leave no line: an empty log was refused above.
  if (headerLine === undefined) {
    throw new Error(
      `${file}:1: the header line is incomplete (the writer was killed while creating the session); delete the file`,
    )
  }
  const header = parseHeader(parseObjectLine(headerLine, file, 1), file, options)
  const events: LoggedEvent[] = []
  for (const [offset, line] of eventLines.entries()) {
    const index = offset + 1
    const lineNo = index + 1
    const event = parseEvent(parseObjectLine(line, file, lineNo), file, lineNo, options, line)
    if (options.live && event.seq !== index) {
      throw new Error(
        `${file}:${lineNo}: expected seq ${index}, found ${event.seq}; the log was reordered or edited by hand`,
      )
    }
    events.push(event)
  }
  return tornTail ? { header, events, tornTail } : { header, events }
}

/** Parse just the header line (line 1), e.g. to list sessions without reading whole files. */
export function parseSessionHeaderLine(line: string, file: string): SessionHeader {
  return parseHeader(parseObjectLine(line, file, 1), file, { live: true }) as SessionHeader
}

/** Parse one event line of a live log (line 2 on), e.g. as another process appends it. */
export function parseSessionEventLine(line: string, file: string, lineNo: number): SessionEvent {
  return parseEvent(parseObjectLine(line, file, lineNo), file, lineNo, { live: true }, line) as SessionEvent
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line)
    return true
  } catch {
    return false
  }
}

function parseObjectLine(line: string, file: string, lineNo: number): Record<string, unknown> {
  if (!line.trim()) throw new Error(`${file}:${lineNo}: blank line; every line must be one JSON object`)
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (error) {
    throw new Error(
      `${file}:${lineNo}: not valid JSON (${(error as Error).message}); every line must be one JSON object`,
    )
  }
  if (!isPlainObject(value)) {
    throw new Error(`${file}:${lineNo}: expected a JSON object, found ${describe(value)}`)
  }
  return value
}

/** A log written by another version of the format: a reader may say more than "malformed". */
export class LogVersionError extends Error {
  override name = 'LogVersionError'
}

function parseHeader(value: Record<string, unknown>, file: string, options: ParseOptions): LoggedHeader {
  const at = `${file}:1`
  if (value.type !== 'session') {
    const found = typeof value.type === 'string' ? `a "${value.type}" line` : 'a line without "type":"session"'
    throw new Error(`${at}: missing session header; line 1 must be {"type":"session","version":1,…}, found ${found}`)
  }
  if (value.version !== 1) {
    throw new LogVersionError(
      `${at}: unsupported session log version ${JSON.stringify(value.version)}; this build reads version 1 (upgrade ` +
        `dsh or re-record the session)`,
    )
  }
  rejectUnknownKeys(value, HEADER_KEYS, at)
  if (typeof value.id !== 'string' || !value.id)
    throw new Error(`${at}: header "id" must be a non-empty string, found ${describe(value.id)}`)
  if (typeof value.cwd !== 'string' || !value.cwd)
    throw new Error(`${at}: header "cwd" must be a non-empty string, found ${describe(value.cwd)}`)
  const createdAt = checkCreatedAt(value.createdAt, options, at)
  const forkedFrom = checkForkPoint(value.forkedFrom, at)
  const root = { type: 'session', version: 1, id: value.id, ...createdAt, cwd: value.cwd } as const
  const parent = checkParentKeys(value, at)
  const header: LoggedHeader = parent ? { ...root, ...parent } : root
  return forkedFrom ? { ...header, forkedFrom } : header
}

/** `createdAt` as a spread: required live, optional in a normalized fixture, a number when present. */
function checkCreatedAt(createdAt: unknown, options: ParseOptions, at: string): { createdAt?: number } {
  if (createdAt === undefined && !options.live) return {}
  if (isFiniteNumber(createdAt)) return { createdAt }
  throw new Error(`${at}: header "createdAt" must be a number of milliseconds, found ${describe(createdAt)}`)
}

/** A subagent's header names its parent session, the spawning call and where it stands, all or none. */
function checkParentKeys(value: Record<string, unknown>, at: string): SessionParent | undefined {
  const { parentSession, parentCallId, spawn } = value
  if (parentSession === undefined && parentCallId === undefined && spawn === undefined) return undefined
  const fix = 'a subagent log needs "parentSession", "parentCallId" and "spawn": {turn, step, call}; re-record it'
  if (typeof parentSession !== 'string' || !parentSession)
    throw new Error(`${at}: header "parentSession" must be a session id, found ${describe(parentSession)}; ${fix}`)
  if (typeof parentCallId !== 'string' || !parentCallId)
    throw new Error(`${at}: header "parentCallId" must be a tool call id, found ${describe(parentCallId)}; ${fix}`)
  const [turn, step, call] = ['turn', 'step', 'call'].map((key) => (isPlainObject(spawn) ? spawn[key] : undefined))
  if (!isCount(turn) || !isCount(step) || !isCount(call))
    throw new Error(`${at}: header "spawn" must be {turn, step, call} counts, found ${describe(spawn)}; ${fix}`)
  return { parentSession, parentCallId, spawn: { turn, step, call } }
}

/** A fork's header names its parent session and the fork point: `{sessionId, turn, seq, events}`. */
function checkForkPoint(point: unknown, at: string): ForkPoint | undefined {
  if (point === undefined) return undefined
  const record = isPlainObject(point) ? point : {}
  const { sessionId, turn, seq, events } = record
  if (typeof sessionId === 'string' && sessionId && isCount(turn) && isCount(seq) && isCount(events))
    return { sessionId, turn, seq, events }
  throw new Error(
    `${at}: header "forkedFrom" must be {sessionId, turn, seq, events} (the parent session and the fork point), ` +
      `found ${isPlainObject(point) ? JSON.stringify(point) : describe(point)}; ` +
      "a fork's log is written by session/fork: restore it, or fork the session again",
  )
}

function parseEvent(
  value: Record<string, unknown>,
  file: string,
  lineNo: number,
  options: ParseOptions,
  line: string,
): LoggedEvent {
  const at = `${file}:${lineNo}`
  if (value.type === 'session')
    throw new Error(`${at}: a second session header; a log holds exactly one session, header on line 1`)
  if (typeof value.type !== 'string' || !KNOWN_TYPES.has(value.type)) {
    throw new Error(`${at}: unknown event type ${describe(value.type)}; known types: ${EVENT_TYPES.join(', ')}`)
  }
  rejectUnknownKeys(value, EVENT_KEYS, at)
  if (!isPlainObject(value.data)) {
    throw new Error(`${at}: event "${value.type}" has ${describe(value.data)} as data; data must be a JSON object`)
  }
  for (const key of ENVELOPE_NUMBERS) {
    if (value[key] === undefined && !options.live) continue
    const ok = key === 'seq' ? Number.isSafeInteger(value.seq) && (value.seq as number) > 0 : isFiniteNumber(value.time)
    if (!ok)
      throw new Error(
        `${at}: event "${key}" must be a ${key === 'seq' ? 'positive integer' : 'number of milliseconds'}, found ` +
          `${describe(value[key])}`,
      )
  }
  checkData(value.type as EventType, value.data, at, line)
  // Envelope and data checked (always, whoever reads: store, replay, the host's tail, import): the
  // line is the event it claims to be.
  return value as LoggedEvent
}

function rejectUnknownKeys(value: Record<string, unknown>, allowed: string[], at: string): void {
  // Checked for every line of a long log: no array is built unless a key is wrong.
  let clean = true
  for (const key in value) if (!allowed.includes(key)) clean = false
  if (clean) return
  const extra = Object.keys(value).filter((key) => !allowed.includes(key))
  if (extra.length)
    throw new Error(
      `${at}: unexpected key${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}; allowed: ` +
        `${allowed.join(', ')}`,
    )
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  if (typeof value === 'object') return 'an object'
  return `the ${typeof value} ${String(value)}`
}
