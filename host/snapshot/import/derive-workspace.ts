// The starting workspace a session log implies, for an import without --workspace. Pure: events
// in, files out. A file's first appearance in the log tells its state before the session touched
// it: a full read_file result is its content, a write or edit's diff holds the text it replaced
// (none for a file the call created), a read cut at readMaxBytes or a change without a diff
// cannot be reconstructed and is named. Later appearances show the session's own changes. Any other
// tool (bash, a plugin's own) may read files the log does not show: it is named as opaque, and a
// file it names in its locations without a content the log holds is missing.
import { posix } from 'node:path'
import type { LoggedEvent } from '../../../plugins/session/log-format.ts'
import { CWD_TOKEN } from '../../../lib/cwd-spellings.ts'

interface DerivedWorkspace {
  /** cwd-relative path -> content at the start of the session. */
  files: Map<string, string>
  /** Files the session used whose starting content the log does not hold, with why. */
  missing: Array<{ path: string; why: string }>
  /** Files the session created (absent at its start). */
  created: string[]
  /** Tools that ran whose reads the log does not show (bash, a plugin's own), each named once. */
  opaque: string[]
}

/** Tools that touch no file of the workspace. */
const PURE_TOOLS = new Set(['todo', 'task', 'ask_user'])

const EMPTY_FILE_OUTPUT = '(empty file)'
const TRUNCATED = /\n?\[output truncated: \d+ bytes omitted\]/
const FILE_TOOLS = new Set(['read_file', 'write_file', 'edit_file'])

/** `events` come from a normalized log: the recorded cwd is written `{{cwd}}`. */
export function deriveWorkspace(events: readonly LoggedEvent[]): DerivedWorkspace {
  const calls = new Map<string, { name: string; path?: string }>()
  const known = new Map<string, string | null>()
  const missing = new Map<string, string>()
  const opaque = new Set<string>()
  for (const event of events) {
    if (event.type === 'tool/call' && FILE_TOOLS.has(event.data.name))
      calls.set(event.data.callId, { name: event.data.name, path: argumentPath(event.data.arguments) })
    else if (event.type === 'tool/call' && !PURE_TOOLS.has(event.data.name)) {
      opaque.add(event.data.name)
      calls.set(event.data.callId, { name: event.data.name })
    }
    if (event.type !== 'tool/result') continue
    const call = calls.get(event.data.callId)
    if (call && !FILE_TOOLS.has(call.name)) for (const path of locatedPaths(event.data)) touchedBy(path, call.name)
    if (!call || !FILE_TOOLS.has(call.name)) continue
    if (!call?.path || known.has(call.path) || missing.has(call.path)) continue
    const state = startingState(call.name, event.data)
    if (state === undefined) continue
    if ('why' in state) missing.set(call.path, state.why)
    else known.set(call.path, state.content)
  }
  const files = new Map<string, string>()
  for (const [path, content] of known) if (content !== null) files.set(path, content)
  const created = [...known].flatMap(([path, content]) => (content === null ? [path] : []))
  return { files, missing: [...missing].map(([path, why]) => ({ path, why })), created, opaque: [...opaque] }

  function touchedBy(path: string, tool: string): void {
    if (!known.has(path) && !missing.has(path)) missing.set(path, `${tool} used it; the log does not hold its content`)
  }
}

/** The cwd-relative files a tool result's locations name. */
function locatedPaths(result: LoggedEvent<'tool/result'>['data']): string[] {
  return (result.display?.locations ?? []).flatMap(({ path }) => {
    const relative = argumentPath(JSON.stringify({ path }))
    return relative ? [relative] : []
  })
}

type StartingState = { content: string | null } | { why: string } | undefined

/** What one file tool result says about its file before the session changed it (undefined: nothing). */
function startingState(tool: string, result: LoggedEvent<'tool/result'>['data']): StartingState {
  const { output, isError, display } = result
  if (isError) return /does not exist/.test(output) ? { content: null } : undefined
  if (tool === 'read_file') {
    if (TRUNCATED.test(output)) return { why: 'read_file showed only its head (the file is over readMaxBytes)' }
    return { content: output === EMPTY_FILE_OUTPUT ? '' : output }
  }
  if (!display?.diff) return { why: `${tool} changed it, and the log has no diff of its old text (too large)` }
  return { content: display.diff.oldText }
}

/** The cwd-relative path a file tool's arguments name; undefined for a path outside the cwd or bad JSON. */
function argumentPath(argumentsText: string): string | undefined {
  let path: unknown
  try {
    path = (JSON.parse(argumentsText) as { path?: unknown } | null)?.path
  } catch {
    return undefined
  }
  if (typeof path !== 'string' || !path) return undefined
  let relative = path
  if (path === CWD_TOKEN || path.startsWith(`${CWD_TOKEN}/`)) relative = path.slice(CWD_TOKEN.length + 1)
  else if (posix.isAbsolute(path)) return undefined
  const normal = posix.normalize(relative || '.')
  if (normal === '.' || normal === '..' || normal.startsWith('../')) return undefined
  return normal.replace(/\/+$/, '')
}
