// Read the session log an import starts from, strictly and read-only: a torn last line, another
// log version or a malformed line is a named error that says what to do, never repaired here
// (repairing is session/load's job, and the source log is never modified). A parent's subagents
// (plugins/subagents) have logs of their own beside it, each header naming its parent: read alike.
import { readdirSync } from 'node:fs'
import { NotRegularFileError, readRegularFileSync } from '../../../lib/regular-file.ts'
import { dirname, join, resolve } from 'node:path'
import { inFixtureOrder } from '../core/normalize/log-order.ts'
import { readFirstLine } from '../../../plugins/session/read-first-line.ts'
import type { SessionEvent, SessionHeader } from '../../../plugins/session/events.ts'
import {
  LogVersionError,
  parseSessionHeaderLine,
  parseSessionLog,
  type SessionLog,
} from '../../../plugins/session/log-format.ts'
import { ImportError, ImportUsageError } from './import-error.ts'

export interface SourceLog {
  file: string
  header: SessionHeader
  events: SessionEvent[]
}

function readSourceLog(file: string): SourceLog {
  let text: string
  try {
    // A regular file only: a FIFO would block the import in open(2), a link lead anywhere.
    text = readRegularFileSync(file).toString('utf8')
  } catch (error) {
    if (error instanceof NotRegularFileError)
      throw new ImportError(
        'IMPORT_BAD_LOG',
        `${file} is ${error.kind}, not a session log dsh wrote; import a log file`,
      )
    throw new ImportUsageError('IMPORT_UNKNOWN_SESSION', `cannot read ${file}: ${(error as Error).message}`)
  }
  let log: SessionLog<SessionHeader, SessionEvent>
  try {
    log = parseSessionLog(text, file, { live: true, allowTornTail: true })
  } catch (error) {
    const message = (error as Error).message
    if (error instanceof LogVersionError) throw new ImportError('IMPORT_LOG_VERSION', message)
    throw new ImportError(
      'IMPORT_BAD_LOG',
      `${message}; import reads the logs dsh writes, as written (not a committed fixture)`,
    )
  }
  if (log.tornTail)
    throw new ImportError(
      'IMPORT_TORN_LOG',
      `${file}:${log.tornTail.line}: the last line is torn (the agent was stopped while writing it); load the ` +
        'session once in dsh (session/load repairs the log), then import it again',
    )
  return { file, header: log.header, events: log.events }
}

/**
 * The session at `file` and its subagents' logs (children of children too), in fixture order:
 * session.jsonl's, then session.<n>.jsonl's, numbered as record mode numbers them. A child's own
 * log is refused: its prompt came from its parent's task call, which only the parent replays.
 */
export function readSessionTree(file: string): SourceLog[] {
  const root = readSourceLog(file)
  const { parentSession, parentCallId } = root.header
  if (parentSession !== undefined)
    throw new ImportUsageError(
      'IMPORT_CHILD_SESSION',
      `${file}: session ${root.header.id} is a subagent, spawned by task call ${parentCallId} of session ` +
        `${parentSession}; import that session (its subagents come with it as session.<n>.jsonl)`,
    )
  const beside = siblingHeaders(file)
  const logs = [root]
  const ids = new Set([root.header.id])
  for (let found = true; found; ) {
    const next = beside.filter((entry) => entry.parent !== undefined && ids.has(entry.parent) && !ids.has(entry.id))
    for (const entry of next) {
      logs.push(readSourceLog(entry.file))
      ids.add(entry.id)
    }
    found = next.length > 0
  }
  return inFixtureOrder(logs, [])
}

/** The headers of the other logs in the folder; a file whose first line is no header is not a log. */
function siblingHeaders(file: string): Array<{ file: string; id: string; parent?: string }> {
  const dir = dirname(resolve(file))
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .filter((name) => name.endsWith('.jsonl') && join(dir, name) !== resolve(file))
    .flatMap((name) => {
      try {
        const header = parseSessionHeaderLine(readFirstLine(join(dir, name)), name)
        return [{ file: join(dir, name), id: header.id, parent: header.parentSession }]
      } catch {
        return []
      }
    })
}
