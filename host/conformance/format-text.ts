// The human-readable report (pure): a pass/fail matrix with durations, then every failure
// with its case file, and a one-line verdict.
import { plain, type Paint, type Style } from '../../lib/style.ts'
import type { CaseResult, RunReport } from './report.ts'
import { stderrLines } from './stderr-excerpt.ts'
import { plural } from '../../lib/plural.ts'

const STATUS_LABEL: Record<CaseResult['status'], string> = {
  pass: 'pass',
  fail: 'FAIL',
  interrupted: 'interrupted',
  'not-run': 'not run',
  'not-applicable': 'n/a',
}

const STATUS_STYLE: Record<CaseResult['status'], Style> = {
  pass: 'green',
  fail: 'red',
  interrupted: 'yellow',
  'not-run': 'dim',
  'not-applicable': 'dim',
}

/** The status word, padded to `width` before colouring (escape codes would break the padding). */
export function formatStatus(status: CaseResult['status'], paint: Paint = plain, width = 0): string {
  return paint(STATUS_STYLE[status], STATUS_LABEL[status].padEnd(width))
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

export function formatText(report: RunReport, paint: Paint = plain): string {
  const lines: string[] = []
  const filter = report.cases ? `, cases ${report.cases.join(', ')}` : ''
  lines.push(
    `dsh conformance: profile ${report.profile}${filter}; agent: ${report.agentCommand}; permissions: ` +
      `${report.permissionMode}`,
  )
  lines.push('')
  const idWidth = Math.max(4, ...report.results.map((r) => r.id.length))
  const order = (r: CaseResult) => /\/(\d{3})-[^/]*$/.exec(r.file)?.[1] ?? '   '
  lines.push(`  ${'#'.padEnd(4)} ${'case'.padEnd(idWidth)}  ${'needed'.padEnd(8)}  ${'result'.padEnd(11)}  time`)
  for (const r of report.results) {
    lines.push(
      `  ${order(r).padEnd(4)} ${r.id.padEnd(idWidth)}  ${(r.required ? 'required' : 'optional').padEnd(8)}  ` +
        `${formatStatus(r.status, paint, 11)}  ${r.status === 'not-run' ? '-' : formatDuration(r.durationMs)}`,
    )
  }

  details(report, lines)
  const notApplicable = report.results.filter((r) => r.status === 'not-applicable')
  if (notApplicable.length) {
    lines.push('', 'Not applicable (the agent does not offer what the case checks):')
    for (const r of notApplicable) lines.push(`  ${r.id}: ${r.reason ?? ''}`)
  }
  const notRun = report.results.find((r) => r.status === 'not-run')
  if (report.stoppedEarly) lines.push('', `Stopped early: ${report.stoppedEarly}`)
  else if (notRun?.reason) lines.push('', `Not run: ${notRun.reason}`)

  const s = report.summary
  const verdict = report.interruptedBy
    ? `INTERRUPTED by ${report.interruptedBy} (partial report)`
    : report.exitCode === 0
      ? paint('green', 'PASS')
      : paint('red', 'FAIL')
  lines.push(
    '',
    `${plural(s.total, 'case')} in ${formatDuration(report.durationMs)}: ${s.passed} passed, ${s.failed} failed` +
      // The split only says something when a case failed: "0 failed (0 required, 0 optional)" is noise.
      `${s.failed ? ` (${s.requiredFailed} required, ${s.optionalFailed} optional)` : ''}` +
      `${s.interrupted ? `, ${s.interrupted} interrupted` : ''}, ${s.notRun} not run` +
      `${s.notApplicable ? `, ${s.notApplicable} not applicable` : ''}: ${verdict} (exit ` +
      `${report.exitCode})`,
  )
  return `${lines.join('\n')}\n`
}

/** Every failure with its case, the checks it did not reach, and the start and end of the agent's stderr. */
function details(report: RunReport, lines: string[]): void {
  const noteworthy = report.results.filter((r) => r.failures.length || r.warnings.length)
  if (!noteworthy.length) return
  lines.push('', 'Details:')
  for (const r of noteworthy) {
    lines.push(`  ${r.id} (${r.file}): ${r.title}${r.required ? '' : ' [optional]'}`)
    for (const failure of r.failures) lines.push(`    - ${failure}`)
    for (const check of r.notReached ?? []) lines.push(`    ? ${check.check} ${check.reason}`)
    for (const warning of r.warnings) lines.push(`    ~ warning: ${warning}`)
    if (r.agentStderr?.trim()) {
      lines.push('    agent stderr (start and end):')
      for (const line of stderrLines(r.agentStderr)) lines.push(`      | ${line}`)
    }
  }
}
