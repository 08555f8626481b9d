// A short line diff for error messages: changed lines with one line of context, unchanged
// runs folded, long lines cut, and a cap on the total so a huge tool output stays readable.
import { diffLines } from 'diff'
import { plural } from '../../lib/plural.ts'

interface CompactDiffOptions {
  /** Unchanged lines kept around each change. */
  context?: number
  /** Output lines before the rest is summarized. */
  maxLines?: number
  /** Characters per line before it is cut. */
  maxWidth?: number
}

/** Lines handed to the diff algorithm at most; only the first `maxLines` of output are shown anyway. */
const DIFF_WINDOW = 400

type Row = { mark: ' ' | '-' | '+'; text: string }

export function compactLineDiff(before: string, after: string, options: CompactDiffOptions = {}): string {
  const { context = 1, maxLines = 24, maxWidth = 160 } = options
  const rows = diffRows(before.split('\n'), after.split('\n'), context)

  // Keep changed rows and their context; fold everything else into a "…" marker.
  const keep = rows.map(() => false)
  rows.forEach((row, index) => {
    if (row.mark === ' ') return
    for (let k = Math.max(0, index - context); k <= Math.min(rows.length - 1, index + context); k++) keep[k] = true
  })
  const out: string[] = []
  let folded = false
  rows.forEach((row, index) => {
    if (!keep[index]) {
      if (!folded) out.push('  …')
      folded = true
      return
    }
    folded = false
    out.push(`${row.mark} ${cut(row.text, maxWidth)}`)
  })
  if (out.length <= maxLines) return out.join('\n')
  return [...out.slice(0, maxLines), `  … (diff cut at ${maxLines} lines)`].join('\n')
}

/**
 * Rows of a line diff. The common head and tail are trimmed before diffing and the rest is
 * windowed, so a 100k-line tool output costs no more than a short one.
 */
function diffRows(a: string[], b: string[], context: number): Row[] {
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const start = Math.max(0, head - context)
  const rows: Row[] = start > 0 ? [{ mark: ' ', text: '…' }] : []
  for (const text of a.slice(start, head)) rows.push({ mark: ' ', text })
  const middleA = a.slice(head, a.length - tail)
  const middleB = b.slice(head, b.length - tail)
  const windowA = middleA.slice(0, DIFF_WINDOW)
  const windowB = middleB.slice(0, DIFF_WINDOW)
  for (const change of diffLines(joinLines(windowA), joinLines(windowB))) {
    const mark = change.added ? '+' : change.removed ? '-' : ' '
    for (const text of change.value.replace(/\n$/, '').split('\n')) rows.push({ mark, text })
  }
  if (middleA.length > DIFF_WINDOW || middleB.length > DIFF_WINDOW) return rows
  const end = Math.min(a.length, a.length - tail + context)
  for (const text of a.slice(a.length - tail, end)) rows.push({ mark: ' ', text })
  if (end < a.length) rows.push({ mark: ' ', text: '…' })
  return rows
}

function joinLines(lines: string[]): string {
  return lines.length ? `${lines.join('\n')}\n` : ''
}

function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width)}… (+${plural(text.length - width, 'char')})` : text
}
