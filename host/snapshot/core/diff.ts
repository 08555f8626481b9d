// Compare a surface of a run (transcript, session log, sidecar) with its
// committed file. A mismatch message names the scenario and the file, shows a
// unified diff (3 lines of context, capped, long lines cut around the change)
// and ends with the command that refreshes the fixture.
import { lineHunks } from './line-hunks.ts'
import { nextStep } from './next-step.ts'
import { plural } from '../../../lib/plural.ts'

export type SurfaceKind = 'transcript' | 'session-log' | 'sidecar'

interface SurfaceComparison {
  scenario: string
  /** Repository-relative path of the committed file, e.g. `scenarios/text-turn/stdout.golden.jsonl`. */
  file: string
  /** Committed text; undefined when the file does not exist. */
  expected: string | undefined
  actual: string
  /** Picks the refresh command in the message; default transcript. */
  kind?: SurfaceKind
  /** Replaces the default "what to run next" line. */
  hint?: string
}

interface DiffOptions {
  /** Unchanged lines shown around each change. */
  context?: number
  /** Diff lines shown before the rest is summarized. */
  maxLines?: number
  /** Longer lines are cut to a window around their first difference. */
  maxLineLength?: number
}

const DEFAULTS: Required<DiffOptions> = { context: 3, maxLines: 150, maxLineLength: 240 }

/** What to run when the change is intended, per surface (next-step.ts decides the command). */
function refreshHint(scenario: string, kind: SurfaceKind = 'transcript'): string {
  const step = nextStep({ scenario, recording: undefined, kind: kind === 'transcript' ? 'golden' : kind })
  return `If the change is intended: ${step.command}${step.note ? ` (${step.note})` : ''}`
}

/** undefined when equal; otherwise the failure message. */
export function compareSurface(comparison: SurfaceComparison, options: DiffOptions = {}): string | undefined {
  const { scenario, file, expected, actual } = comparison
  if (expected === actual) return undefined
  const hint = comparison.hint ?? refreshHint(scenario, comparison.kind)
  const head =
    expected === undefined
      ? `scenario ${scenario}: ${file} does not exist; this run produced:`
      : `scenario ${scenario}: ${file} differs from this run (- expected, + actual):`
  const diff = unifiedDiff(
    expected ?? '',
    actual,
    { expectedLabel: `${file} (expected)`, actualLabel: `${scenario} run (actual)` },
    options,
  )
  return `${head}\n${diff}\n${hint}`
}

interface DiffLabels {
  expectedLabel: string
  actualLabel: string
}

/** A unified diff of two texts, capped per DiffOptions. */
export function unifiedDiff(expected: string, actual: string, labels: DiffLabels, options: DiffOptions = {}): string {
  const { context, maxLines, maxLineLength } = { ...DEFAULTS, ...options }
  const { hunks, coarse } = lineHunks(expected, actual, context)
  const lines = [`--- ${labels.expectedLabel}`, `+++ ${labels.actualLabel}`]
  if (coarse)
    lines.push('(the texts differ in too many places to align line by line: the changed part is shown replaced)')
  // Line by line and only as far as shown: one hunk may hold hundreds of thousands of lines.
  let shown = 0
  let total = 0
  for (const hunk of hunks) {
    total += 1 + hunk.lines.length
    if (shown >= maxLines) continue
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`)
    shown++
    const body = shortenLongLines(hunk.lines, maxLineLength)
    const room = body.slice(0, Math.max(0, maxLines - shown))
    lines.push(...room)
    shown += room.length
  }
  if (total > maxLines) lines.push(`... ${total - maxLines} more diff lines not shown`)
  return lines.join('\n')
}

/**
 * Cut lines longer than `max` characters. A removed line followed by an added
 * one is cut around the first character where the pair differs, so the change
 * stays visible inside a long JSON line.
 */
function shortenLongLines(lines: readonly string[], max: number): string[] {
  const partners = new Map<number, number>()
  // Pair the j-th line of a run of removals with the j-th line of the additions right after it.
  for (let i = 0; i < lines.length; ) {
    let removedEnd = i
    while (lines[removedEnd]?.startsWith('-')) removedEnd++
    let addedEnd = removedEnd
    while (lines[addedEnd]?.startsWith('+')) addedEnd++
    for (let j = 0; j < Math.min(removedEnd - i, addedEnd - removedEnd); j++) {
      partners.set(i + j, removedEnd + j)
      partners.set(removedEnd + j, i + j)
    }
    i = Math.max(addedEnd, i + 1)
  }
  return lines.map((line, index) => {
    if (line.length <= max + 1) return line
    const at = partners.get(index)
    const partner = at === undefined ? undefined : lines[at]
    const focus = partner === undefined ? 0 : firstDifference(line.slice(1), partner.slice(1))
    return line[0] + cutAround(line.slice(1), focus, max)
  })
}

function firstDifference(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}

/**
 * A window of `max` characters around `focus`, widened to token boundaries (after a space or one
 * of `,:{}[]`), so no JSON key, value or word is shown cut in half; a token longer than
 * MAX_TOKEN (a hash, base64) is still cut.
 */
function cutAround(text: string, focus: number, max: number): string {
  let start = Math.max(0, Math.min(focus - Math.floor(max / 3), text.length - max))
  let end = Math.min(text.length, start + max)
  const [floor, ceiling] = [start - MAX_TOKEN, end + MAX_TOKEN]
  while (start > 0 && start > floor && !TOKEN_END.test(text.charAt(start - 1))) start--
  if (start === floor) start += MAX_TOKEN
  while (end < text.length && end < ceiling && !TOKEN_END.test(text.charAt(end - 1))) end++
  if (end === ceiling) end -= MAX_TOKEN
  return (
    `${start > 0 ? `[…${plural(start, 'char')}]` : ''}${text.slice(start, end)}` +
    `${end < text.length ? `[…${plural(text.length - end, 'char')}]` : ''}`
  )
}

const TOKEN_END = /[\s,:{}[\]]/
const MAX_TOKEN = 40
