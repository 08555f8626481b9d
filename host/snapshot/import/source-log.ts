// Read the session log an import starts from, strictly and read-only: a torn last line, another
// log version or a malformed line is a named error that says what to do, never repaired here
// (repairing is session/load's job, and the source log is never modified).
import { readFileSync } from 'node:fs'
import type { SessionEvent, SessionHeader } from '../../../plugins/session/events.ts'
import { parseSessionLog, type SessionLog } from '../../../plugins/session/log-format.ts'
import { ImportError } from './import-error.ts'

export interface SourceLog {
  file: string
  header: SessionHeader
  events: SessionEvent[]
}

export function readSourceLog(file: string): SourceLog {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new ImportError('IMPORT_UNKNOWN_SESSION', `cannot read ${file}: ${(error as Error).message}`)
  }
  let log: SessionLog<SessionHeader, SessionEvent>
  try {
    log = parseSessionLog(text, file, { live: true, allowTornTail: true })
  } catch (error) {
    const message = (error as Error).message
    if (/unsupported session log version/.test(message)) throw new ImportError('IMPORT_LOG_VERSION', message)
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
