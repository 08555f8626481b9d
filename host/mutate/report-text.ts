// The terminal report: a table per file and the total, then each survivor with file:line, the
// change and the scenarios that ran that line, "behaviours your corpus does not pin".
import { plural } from '../../lib/plural.ts'
import type { Summary } from './model.ts'
import type { MutateRun } from './run.ts'
import { changeText, fileSummaries, summarize, survivors } from './summary.ts'

const COLUMNS = ['killed', 'survived', 'timeout', 'noCoverage'] as const

function row(name: string, summary: Summary, width: number): string {
  const counts = COLUMNS.map((column) => String(summary[column]).padStart(column.length)).join('  ')
  const score = summary.score === null ? '   -' : `${summary.score.toFixed(1).padStart(5)} %`
  return `${name.padEnd(width)}  ${counts}  ${String(summary.total).padStart(5)}  ${score}`
}

/** At most this many scenarios are named per survivor (the rest counted). */
const NAMED_SCENARIOS = 4

export function formatMutateText(run: MutateRun): string {
  const width = Math.max(5, ...run.files.map((file) => file.length))
  const lines = [`${'file'.padEnd(width)}  ${COLUMNS.join('  ')}  total  score`]
  for (const [file, summary] of fileSummaries(run.files, run.results)) lines.push(row(file, summary, width))
  lines.push(row('total', summarize(run.results), width))
  const left = survivors(run.results)
  if (left.length) {
    lines.push('', `Behaviours your corpus does not pin (${plural(left.length, 'survivor')}):`)
    for (const result of left) {
      const named = result.coveredBy.slice(0, NAMED_SCENARIOS).join(', ')
      const more =
        result.coveredBy.length > NAMED_SCENARIOS ? ` and ${result.coveredBy.length - NAMED_SCENARIOS} more` : ''
      lines.push(`  ${result.file}:${result.line}  ${changeText(result)}`, `      ran by: ${named}${more}`)
    }
  }
  const skipped = Object.entries(run.skipped)
  if (skipped.length)
    lines.push(
      '',
      `Left out (this host cannot run them): ${skipped.map(([name, why]) => `${name} (${why})`).join(', ')}`,
    )
  if (run.leftOut) lines.push('', `${plural(run.leftOut, 'mutant')} not run (--sample / --since).`)
  if (run.interrupted) lines.push('', 'Interrupted: the mutants not yet run are not counted.')
  return `${lines.join('\n')}\n`
}
