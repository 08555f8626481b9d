// Load everything replay serves, once, at plugin start: session logs → derived scripts →
// overrides applied. Any problem is one loud error naming the file; nothing is read later.
import { jsonPath, safeParseWorded, zodIssuesToFileIssues } from '../../lib/file-issues.ts'
import { docFile } from '../../lib/package-root.ts'
import { plural } from '../../lib/plural.ts'
import { readFileSync, realpathSync } from 'node:fs'
import { z } from 'zod'
import { isChildHeader } from '../session/events.ts'
import type { HistoryEvent } from '../session/history.ts'
import { parseSessionLog } from '../session/log-format.ts'
import { parseRecordedCwd, type RecordedCwd } from './cwd-map.ts'
import { deriveReplayScript, type ScriptEntry } from './derive.ts'
import { checkSpawningCalls, describeSpawn, type RecordedParent } from './child-logs.ts'
import { applyOverride, parseOverride, type OverridePart } from './override.ts'
import { StreamChunkSchema } from './schema.ts'
import type { FixtureSources } from './sources.ts'

/** One recorded session, ready to serve. */
export interface RecordedSession {
  /** Binding position: 0 = the first session created (session.jsonl). */
  index: number
  file: string
  /** Where it was recorded: `{{cwd}}` in a normalized fixture, an absolute path in a raw log. */
  cwd: RecordedCwd
  /** Events without `assistant/chunk`: all the drift check needs, and far fewer. */
  historyEvents: HistoryEvent[]
  script: ScriptEntry[]
  /** The recorded header's id: a child log's `parentSession` names its parent by it. */
  id: string
  /** Set for a subagent's log: the recorded parent and the call that spawned it. */
  parent?: RecordedParent
}

type ReadText = (file: string) => string
/** A raw log's recorded cwd resolved (symlinks), when it still exists on this machine. */
type Realpath = (path: string) => string | undefined

const ChunkEventData = z.strictObject({
  turn: z.number().int().positive(),
  // Step 0: a call between turns (`/compact`).
  step: z.number().int().nonnegative(),
  attempt: z.number().int().positive().optional(),
  purpose: z.string().min(1).optional(),
  chunk: StreamChunkSchema,
})

export function loadFixtures(
  sources: FixtureSources,
  read: ReadText = readFixtureText,
  realpath: Realpath = existingRealpath,
): RecordedSession[] {
  const sessions = sources.sessions.map((source, index) => {
    // Text the caller already read (the in-process host) is taken as the file's.
    const given = source.text
    const readOnce: ReadText = given === undefined ? read : (file) => (file === source.file ? given : read(file))
    return readSession(index, source.file, readOnce, realpath, sources.scenario)
  })
  checkSpawningCalls(sessions)
  const parts = collectOverrideParts(sources, read)
  for (const part of parts) {
    const session = sessions[part.session]
    if (!session)
      throw new Error(`${part.file}: ${part.path}: targets session ${part.session}, which is not configured`)
    session.script = applyOverride(session.script, part, sessionLabel(sources.scenario, session))
  }
  return sessions
}

export function sessionLabel(scenario: string, session: Pick<RecordedSession, 'index' | 'file' | 'parent'>): string {
  const child = session.parent ? `, the subagent spawned at ${describeSpawn(session.parent.spawn)}` : ''
  return `scenario "${scenario}", session ${session.index} (${session.file}${child})`
}

function readSession(
  index: number,
  file: string,
  read: ReadText,
  realpath: Realpath,
  scenario: string,
): RecordedSession {
  const text = readOrExplain(
    file,
    read,
    `session log ${index} of scenario "${scenario}"`,
    'record the session first, or fix the path in the replay config / DSH_SNAPSHOT_FILE',
  )
  const log = parseSessionLog(text, file)
  const historyEvents: HistoryEvent[] = []
  log.events.forEach((event, position) => {
    if (event.type !== 'assistant/chunk') return void historyEvents.push(event)
    // Validate every chunk here, so a bad fixture fails at start rather than mid-scenario.
    if (isPlainDelta(event.data)) return
    const result = safeParseWorded(ChunkEventData, event.data)
    if (!result.success) {
      const problems = zodIssuesToFileIssues(result.error.issues)
        .slice(0, 4)
        .map((issue) => `${jsonPath(issue.path)}: ${issue.message}`)
      throw new Error(`${file}:${position + 2}: invalid assistant/chunk event: ${problems.join('; ')}`)
    }
  })
  // Every chunk event passed the check above, so deriving cannot fail on a bad (turn, step).
  const script = deriveReplayScript(log.events)
  const { header } = log
  const cwd = parseRecordedCwd(header.cwd, file, realpath)
  const parent = isChildHeader(header)
    ? { parent: { session: header.parentSession, callId: header.parentCallId, spawn: header.spawn } }
    : {}
  return { index, file, cwd, historyEvents, script, id: header.id, ...parent }
}

/**
 * A text or reasoning delta exactly as ChunkEventData accepts it (the chunks of a long stream):
 * checked by hand, because zod took as long as parsing the whole log. Anything else goes to zod.
 */
function isPlainDelta(data: unknown): boolean {
  if (!isRecord(data) || !isStepNumber(data.turn) || !isStepNumber(data.step) || !isRecord(data.chunk)) return false
  // Exactly turn, step and chunk: a chunk that names its attempt or purpose goes to zod.
  const chunk = data.chunk
  if ((chunk.type !== 'text-delta' && chunk.type !== 'reasoning-delta') || typeof chunk.text !== 'string') return false
  return hasOnlyKeys(data, 3) && hasOnlyKeys(chunk, 2)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isStepNumber(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) > 0
}

/** The record has exactly `count` own keys (the ones already checked). */
function hasOnlyKeys(record: Record<string, unknown>, count: number): boolean {
  let keys = 0
  for (const _ in record) keys++
  return keys === count
}

/** Every override part, checked for targets that exist and for two files fighting over one session. */
function collectOverrideParts(sources: FixtureSources, read: ReadText): OverridePart[] {
  const parts: OverridePart[] = []
  sources.sessions.forEach((source, index) => {
    if (!source.override) return
    const own = parseOverride(
      readOrExplain(source.override, read, `replay override of session ${index}`, OVERRIDE_HINT),
      source.override,
      index,
    )
    for (const part of own) {
      if (part.session !== index) {
        throw new Error(
          `${part.file}: ${part.path}.session: this file is the override of session ${index} (${source.file}) but ` +
            `targets session ${part.session}; drop "session" or move the part to the scenario-wide override`,
        )
      }
    }
    parts.push(...own)
  })
  if (sources.override) {
    const shared = parseOverride(
      readOrExplain(sources.override, read, 'replay override', OVERRIDE_HINT),
      sources.override,
      0,
    )
    for (const part of shared) {
      if (part.session >= sources.sessions.length) {
        const where = part.explicitSession ? `${part.path}.session` : part.path
        throw new Error(
          `${part.file}: ${where}: targets session ${part.session}, but only ` +
            `${plural(sources.sessions.length, 'session log')} ${sources.sessions.length === 1 ? 'is' : 'are'} ` +
            `configured (${sources.sessions.map((s) => s.file).join(', ')}); add the session log or fix the index`,
        )
      }
    }
    parts.push(...shared)
  }
  const owner = new Map<number, OverridePart>()
  for (const part of parts) {
    const first = owner.get(part.session)
    if (first)
      throw new Error(
        `session ${part.session} is overridden twice: ${first.file} (${first.path}) and ${part.file} (${part.path}); ` +
          `keep one`,
      )
    owner.set(part.session, part)
  }
  return parts
}

const REPLAY_DOC = docFile('replay.md')
const OVERRIDE_HINT = `write it (see ${REPLAY_DOC}) or fix the path in the replay config / DSH_SNAPSHOT_OVERRIDE`

function readOrExplain(file: string, read: ReadText, what: string, hint: string): string {
  try {
    return read(file)
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : (error as Error).message
    throw new Error(`cannot read ${what} ${file}: ${reason}; ${hint}`)
  }
}

function readFixtureText(file: string): string {
  return readFileSync(file, 'utf8')
}

function existingRealpath(path: string): string | undefined {
  try {
    return realpathSync(path)
  } catch {
    return undefined
  }
}
