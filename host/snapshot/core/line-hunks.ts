// The hunks of a line diff between two texts, affordable on huge ones. The unchanged start and
// end are found by comparing text (no line array is built for them); only the changed window is
// split and handed to the Myers diff, with an edit budget: texts that differ in too many places to
// align in time come back as one hunk replacing the window. No spread or recursion over the
// input: a fixture may hold hundreds of thousands of lines. Pure.
import { structuredPatch } from 'diff'

interface LineHunk {
  oldStart: number
  oldLines: number
  newStart: number
  newLines: number
  /** ` line`, `-line`, `+line`, or `\ No newline at end of file`. */
  lines: string[]
}

interface LineHunks {
  hunks: LineHunk[]
  /** True when the texts differ in too many places to align: the window is shown replaced as a whole. */
  coarse: boolean
}

/**
 * Changed lines the Myers diff may align: its work grows with the square of the edits (about
 * 0.1 s at this many on a 2-core machine). Beyond it the window is shown replaced; a pure
 * insertion or removal needs no diff at all.
 */
const MAX_EDIT_LENGTH = 1000

export function lineHunks(expected: string, actual: string, context: number): LineHunks {
  if (expected === actual) return { hunks: [], coarse: false }
  const window = changedWindow(expected, actual, context)
  const oldChanged = window.old.length - window.before - window.after
  const newChanged = window.new.length - window.before - window.after
  // Only added or only removed lines: the replaced window is the diff.
  if (!oldChanged || !newChanged) return { hunks: [replacedWindow(window)], coarse: false }
  const patch = structuredPatch('', '', window.old.join(''), window.new.join(''), undefined, undefined, {
    context,
    maxEditLength: MAX_EDIT_LENGTH,
  })
  if (!patch) return { hunks: [replacedWindow(window)], coarse: true }
  const hunks = patch.hunks.map((hunk) => ({
    ...hunk,
    oldStart: hunk.oldStart + window.startLine,
    newStart: hunk.newStart + window.startLine,
  }))
  return { hunks, coarse: false }
}

/** Lines with their `\n` kept, so the lines join back to the exact text (a final line may lack it). */
function splitLines(text: string): string[] {
  const lines: string[] = []
  let from = 0
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
    lines.push(text.slice(from, end + 1))
    from = end + 1
  }
  if (from < text.length) lines.push(text.slice(from))
  return lines
}

interface ChangedWindow {
  /** Lines before the window (the same on both sides). */
  startLine: number
  old: string[]
  new: string[]
  /** Unchanged lines at the window's start and end (at most `context` each). */
  before: number
  after: number
}

/** The lines from the first difference to the last, with up to `context` unchanged lines around. */
function changedWindow(a: string, b: string, context: number): ChangedWindow {
  const from = a.lastIndexOf('\n', commonPrefixLength(a, b) - 1) + 1
  let suffix = commonSuffixLength(a, b, Math.min(a.length, b.length) - from)
  // The unchanged end starts at a line start in both texts: a partial first line is a changed one.
  if (!(atLineStart(a, a.length - suffix) && atLineStart(b, b.length - suffix))) {
    const next = a.indexOf('\n', a.length - suffix)
    suffix = next < 0 ? 0 : a.length - next - 1
  }
  let start = from
  let before = 0
  for (; before < context && start > 0; before++) start = a.lastIndexOf('\n', start - 2) + 1
  let end = a.length - suffix
  let after = 0
  for (; after < context && end < a.length; after++) {
    const next = a.indexOf('\n', end)
    end = next < 0 ? a.length : next + 1
  }
  const tail = a.length - end
  return {
    startLine: countLines(a, start),
    old: splitLines(a.slice(start, end)),
    new: splitLines(b.slice(start, b.length - tail)),
    before,
    after,
  }
}

/** How many leading characters the texts share (whole-slice comparisons, halving the range). */
function commonPrefixLength(a: string, b: string): number {
  let same = 0
  let limit = Math.min(a.length, b.length)
  while (same < limit) {
    const mid = (same + limit + 1) >>> 1
    if (a.slice(same, mid) === b.slice(same, mid)) same = mid
    else limit = mid - 1
  }
  return same
}

/** How many trailing characters the texts share, at most `max`. */
function commonSuffixLength(a: string, b: string, max: number): number {
  let same = 0
  let limit = max
  while (same < limit) {
    const mid = (same + limit + 1) >>> 1
    if (a.slice(a.length - mid, a.length - same) === b.slice(b.length - mid, b.length - same)) same = mid
    else limit = mid - 1
  }
  return same
}

function atLineStart(text: string, index: number): boolean {
  return index === 0 || text[index - 1] === '\n'
}

function countLines(text: string, end: number): number {
  let count = 0
  for (let index = text.indexOf('\n'); index >= 0 && index < end; index = text.indexOf('\n', index + 1)) count++
  return count
}

/** One hunk: the window's unchanged lines around every old line removed and every new line added. */
function replacedWindow(window: ChangedWindow): LineHunk {
  const { old: oldLines, new: newLines, before, after } = window
  const lines: string[] = []
  const add = (sign: string, side: string[], from: number, to: number) => {
    for (const [offset, line] of side.slice(from, to).entries()) {
      lines.push(sign + (line.endsWith('\n') ? line.slice(0, -1) : line))
      if (from + offset === side.length - 1 && !line.endsWith('\n')) lines.push('\\ No newline at end of file')
    }
  }
  add(' ', oldLines, 0, before)
  add('-', oldLines, before, oldLines.length - after)
  add('+', newLines, before, newLines.length - after)
  add(' ', oldLines, oldLines.length - after, oldLines.length)
  const startLine = window.startLine + 1
  return { oldStart: startLine, oldLines: oldLines.length, newStart: startLine, newLines: newLines.length, lines }
}
