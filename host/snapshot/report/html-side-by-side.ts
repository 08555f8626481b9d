// A golden next to what the run produced, line by line: removed and added lines paired in one row
// and marked (− / +, the changed characters highlighted), long unchanged stretches folded.
import { diffChars, diffLines } from 'diff'
import { plural } from '../../../lib/plural.ts'
import { h, type Html } from './html.ts'

interface Row {
  left?: { n: number; text: string }
  right?: { n: number; text: string }
}

const CONTEXT = 3

function sideBySideRows(expected: string, actual: string): Row[] {
  const rows: Row[] = []
  let left = 0
  let right = 0
  const parts = diffLines(expected, actual)
  for (const [i, part] of parts.entries()) {
    // An addition right after a removal was paired with it below.
    if (part.added && parts[i - 1]?.removed) continue
    const lines = part.value.replace(/\n$/, '').split('\n')
    if (!part.added && !part.removed) {
      for (const text of lines) rows.push({ left: { n: ++left, text }, right: { n: ++right, text } })
    } else if (part.removed) {
      const next = parts[i + 1]
      const added = next?.added ? next.value.replace(/\n$/, '').split('\n') : []
      for (let j = 0; j < Math.max(lines.length, added.length); j++) {
        const [was, now] = [lines[j], added[j]]
        rows.push({
          left: was === undefined ? undefined : { n: ++left, text: was },
          right: now === undefined ? undefined : { n: ++right, text: now },
        })
      }
    } else {
      for (const text of lines) rows.push({ right: { n: ++right, text } })
    }
  }
  return rows
}

function changed(row: Row): boolean {
  return row.left?.text !== row.right?.text || !row.left || !row.right
}

/**
 * The changed characters of a paired line, marked; one side (del or ins) at a time. Lines that
 * share less than a third of the longer one are unrelated (a line removed, another added): marking
 * their "common" letters would light up noise, so the whole line stands as changed.
 */
function marked(text: string, other: string | undefined, side: 'del' | 'ins'): Html[] | string {
  if (other === undefined) return text
  const parts = diffChars(side === 'del' ? text : other, side === 'del' ? other : text)
  const same = parts.filter((part) => !part.added && !part.removed).reduce((sum, part) => sum + part.value.length, 0)
  if (same * 3 < Math.max(text.length, other.length)) return text
  return parts
    .filter((part) => (side === 'del' ? !part.added : !part.removed))
    .map((part) =>
      (side === 'del' ? part.removed : part.added) ? h('mark', {}, part.value) : h('span', {}, part.value),
    )
}

export function renderSideBySide(file: string, expected: string | undefined, actual: string): Html {
  const rows = sideBySideRows(expected ?? '', actual)
  const near = rows.map((_, i) => rows.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some(changed))
  const body: Html[] = []
  for (let i = 0; i < rows.length; i++) {
    if (!near[i]) {
      let j = i
      while (j < rows.length && !near[j]) j++
      body.push(h('tr', { class: 'fold' }, h('td', { colspan: 4 }, `… ${plural(j - i, 'unchanged line')}`)))
      i = j - 1
      continue
    }
    const row = rows[i]
    if (!row) break
    const { left, right } = row
    const isChanged = changed(row)
    body.push(
      h(
        'tr',
        { class: isChanged ? 'changed' : 'same' },
        h('td', { class: 'ln' }, left?.n ?? ''),
        h(
          'td',
          { class: left && isChanged ? 'del' : left ? 'same' : 'empty' },
          left && isChanged
            ? [h('span', { class: 'mark' }, '−'), marked(left.text, right?.text, 'del')]
            : (left?.text ?? ''),
        ),
        h('td', { class: 'ln' }, right?.n ?? ''),
        h(
          'td',
          { class: right && isChanged ? 'ins' : right ? 'same' : 'empty' },
          right && isChanged
            ? [h('span', { class: 'mark' }, '+'), marked(right.text, left?.text, 'ins')]
            : (right?.text ?? ''),
        ),
      ),
    )
  }
  // Column widths come from the colgroup (table-layout: fixed): the line numbers narrow, the code wide.
  const columns = h('colgroup', {}, h('col', { class: 'ln' }), h('col', {}), h('col', { class: 'ln' }), h('col', {}))
  return h(
    'table',
    { class: 'sbs' },
    columns,
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { colspan: 2 }, expected === undefined ? `${file} (missing)` : `golden: ${file}`),
        h('th', { colspan: 2 }, 'actual (this run)'),
      ),
    ),
    h('tbody', {}, body),
  )
}
