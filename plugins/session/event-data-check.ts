// An event's data against the schema of its kind (event-schemas.ts), for the log reader (log-format.ts):
// wrong-typed data is refused naming its field. A line whose data passed is remembered by its text:
// the verdict depends on the line alone, and a process reads the same lines again and again (replay
// loads a scenario's fixture on every run of it, the store reopens its logs), where zod was the
// dearest part of the parse. Bounded: forgotten all at once past CHECKED_CHARS (a few MB at most).
import { safeParseWorded, zodIssuesToFileIssues } from '../../lib/file-issues.ts'
import { eventDataSchemas, isPlainChunk } from './event-schemas.ts'
import type { EventType } from './events.ts'

const CHECKED_CHARS = 4_000_000

/**
 * Parses of one kind before zod may compile its fast parser. zod builds an object schema's fast
 * path with `new Function` on the first parse that allows it: in a fresh process that cost more
 * than ~2,000 plain parses (measured on a replay fixture's 25 lines: 17 ms compiled, 6 ms plain;
 * 25,000 lines: 148 ms against 187), and most processes read a few lines of each kind (a `dsh
 * serve` loading its replay fixture or one session log). A kind read this often gets compiled.
 */
const PLAIN_PARSES = 500
const PLAIN = { jitless: true } as const
const parsesByKind = new Map<EventType, number>()

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
  const schema = eventDataSchemas()[type]
  const parses = (parsesByKind.get(type) ?? 0) + 1
  parsesByKind.set(type, parses)
  const checked = safeParseWorded(schema, data, parses > PLAIN_PARSES ? undefined : PLAIN)
  if (checked.success) {
    rememberChecked(line)
    return
  }
  const [first, ...others] = zodIssuesToFileIssues(checked.error.issues, ['data'])
  const more = others.length ? ` (and ${others.length} more)` : ''
  const problem = first ? `${first.path}: ${first.message}` : checked.error.message
  throw new Error(
    `${at}: event "${type}" has invalid data: ${problem}${more}; ` +
      'dsh did not write this line (edited by hand, or by another program): restore the log, or remove the session',
  )
}
