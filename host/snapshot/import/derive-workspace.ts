// The starting workspace a session log implies, for an import without --workspace. Pure: events
// in, files out. A file's first appearance in the log tells its state before the session touched
// it: a full read_file result is its content, a write or edit's diff holds the text it replaced
// (none for a file the call created), a read cut at readMaxBytes or a change without a diff
// cannot be reconstructed and is named. Later appearances show the session's own changes.
import { posix } from 'node:path'
import type { LoggedEvent } from '../../../plugins/session/log-format.ts'
import { CWD_TOKEN } from '../../../lib/cwd-spellings.ts'

interface DerivedWorkspace {
  /** cwd-relative path -> content at the start of the session. */
  files: Map<string, string>
  /** Files the session used whose starting content the log does not hold, with why. */
  missing: Array<{ path: string; why: string }>
}

const EMPTY_FILE_OUTPUT = '(empty file)'
const TRUNCATED = /\n?\[output truncated: \d+ bytes omitted\]/
const FILE_TOOLS = new Set(['read_file', 'write_file', 'edit_file'])

/** `events` come from a normalized log: the recorded cwd is written `{{cwd}}`. */
export function deriveWorkspace(events: readonly LoggedEvent[]): DerivedWorkspace {
  const calls = new Map<string, { name: string; path?: string }>()
  const known = new Map<string, string | null>()
  const missing = new Map<string, string>()
  for (const event of events) {
    if (event.type === 'tool/call' && FILE_TOOLS.has(event.data.name))
      calls.set(event.data.callId, { name: event.data.name, path: argumentPath(event.data.arguments) })
    if (event.type !== 'tool/result') continue
    const call = calls.get(event.data.callId)
    if (!call?.path || known.has(call.path) || missing.has(call.path)) continue
    const state = startingState(call.name, event.data)
    if (state === undefined) continue
    if ('why' in state) missing.set(call.path, state.why)
    else known.set(call.path, state.content)
  }
  const files = new Map<string, string>()
  for (const [path, content] of known) if (content !== null) files.set(path, content)
  return { files, missing: [...missing].map(([path, why]) => ({ path, why })) }
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
