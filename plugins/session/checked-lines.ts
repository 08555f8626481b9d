// Event lines whose data passed its schema (log-format.ts), by their text: the verdict depends on
// the line alone, and a process reads the same lines again and again (replay loads a scenario's
// fixture on every run of it, the store reopens its logs), where zod was the dearest part of the
// parse. Bounded: forgotten all at once past CHECKED_CHARS, so a long-lived process holds a few MB.
const CHECKED_CHARS = 4_000_000

const checkedLines = new Set<string>()
let checkedChars = 0

/** This exact line passed its schema before in this process. */
export function checkedBefore(line: string): boolean {
  return checkedLines.has(line)
}

/** Remember a line that passed its schema (a longer line than the whole budget is not kept). */
export function rememberChecked(line: string): void {
  if (line.length > CHECKED_CHARS) return
  if (checkedChars + line.length > CHECKED_CHARS) {
    checkedLines.clear()
    checkedChars = 0
  }
  if (checkedLines.has(line)) return
  checkedLines.add(line)
  checkedChars += line.length
}
