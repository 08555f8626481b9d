// A short line diff for error messages: changed lines with one line of context, unchanged
// runs folded, long lines cut, and a cap on the total so a huge tool output stays readable.
import { diffLines } from 'diff'

export interface CompactDiffOptions {
  /** Unchanged lines kept around each change. */
  context?: number
  /** Output lines before the rest is summarized. */
  maxLines?: number
  /** Characters per line before it is cut. */
  maxWidth?: number
}

export function compactLineDiff(before: string, after: string, options: CompactDiffOptions = {}): string {
  const { context = 1, maxLines = 24, maxWidth = 160 } = options
  const rows: Array<{ mark: ' ' | '-' | '+'; text: string }> = []
  for (const change of diffLines(ensureNewline(before), ensureNewline(after))) {
    const mark = change.added ? '+' : change.removed ? '-' : ' '
    for (const text of change.value.replace(/\n$/, '').split('\n')) rows.push({ mark, text })
  }

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
  const changed = rows.filter((row) => row.mark !== ' ').length
  return [...out.slice(0, maxLines), `  … (diff cut at ${maxLines} lines; ${changed} changed line(s) in all)`].join('\n')
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`
}

function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width)}… (+${text.length - width} chars)` : text
}
