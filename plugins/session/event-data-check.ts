// An event's data against the schema of its kind (event-schemas.ts), for the log reader (log-format.ts):
// wrong-typed data is refused naming its field. A line whose data passed is remembered by its text:
// the verdict depends on the line alone, and a process reads the same lines again and again (replay
// loads a scenario's fixture on every run of it, the store reopens its logs), where zod was the
// dearest part of the parse. Bounded: forgotten all at once past CHECKED_CHARS (a few MB at most).
import { fileErrorMap, zodIssuesToFileIssues } from '../../lib/file-issues.ts'
import { eventDataSchemas, isPlainChunk } from './event-schemas.ts'
import type { EventType } from './events.ts'

const CHECKED_CHARS = 4_000_000

const checkedLines = new Set<string>()
let checkedChars = 0

/** This exact line passed its schema before in this process. */
function checkedBefore(line: string): boolean {
  return checkedLines.has(line)
}

/** Remember a line that passed its schema (a longer line than the whole budget is not kept). */
function rememberChecked(line: string): void {
  if (line.length > CHECKED_CHARS) return
  if (checkedChars + line.length > CHECKED_CHARS) {
    checkedLines.clear()
    checkedChars = 0
  }
  if (checkedLines.has(line)) return
  checkedLines.add(line)
  checkedChars += line.length
}

/** Throws `at: event … has invalid data: <field>: <what>` unless `data` (of `line`) fits its kind's schema. */
export function checkData(type: EventType, data: Record<string, unknown>, at: string, line: string): void {
  if (type === 'assistant/chunk' && isPlainChunk(data)) return
  if (checkedBefore(line)) return
  // The wording map only for a failure: on every line it would cost a third of the parse.
  const schema = eventDataSchemas()[type]
  if (schema.safeParse(data).success) {
    rememberChecked(line)
    return
  }
  const checked = schema.safeParse(data, { error: fileErrorMap })
  if (checked.success) return
  const [first, ...others] = zodIssuesToFileIssues(checked.error.issues, ['data'])
  const more = others.length ? ` (and ${others.length} more)` : ''
  const problem = first ? `${first.path}: ${first.message}` : checked.error.message
  throw new Error(
    `${at}: event "${type}" has invalid data: ${problem}${more}; ` +
      'dsh did not write this line (edited by hand, or by another program): restore the log, or remove the session',
  )
}
