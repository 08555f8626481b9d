// The HTML page, in the test report's style (host/snapshot/report): the counts table, then the
// survivors with their change and the scenarios that ran their line, then every other mutant.
import { h, join, type Child } from '../snapshot/report/html.ts'
import { reportPage } from '../snapshot/report/report-style.ts'
import { MUTANT_STATUSES, type MutantResult, type Summary } from './model.ts'
import type { MutateRun } from './run.ts'
import { fileSummaries, summarize, survivors } from './summary.ts'

const score = (summary: Summary) => (summary.score === null ? '-' : `${summary.score.toFixed(1)} %`)

function summaryRow(name: string, summary: Summary): Child {
  const cells = MUTANT_STATUSES.map((status) =>
    h('td', { class: status === 'survived' && summary.survived ? 'fail' : '' }, summary[status]),
  )
  return h('tr', {}, h('td', {}, h('code', {}, name)), cells, h('td', {}, summary.total), h('td', {}, score(summary)))
}

function mutantSection(result: MutantResult): Child {
  const survived = result.status === 'survived'
  return h(
    'section',
    { class: `scenario ${survived ? 'failed' : 'passed'}` },
    h('h2', {}, h('code', {}, `${result.file}:${result.line}`), ' ', h('span', { class: 'tag' }, result.mutator)),
    ' ',
    h('span', { class: survived ? 'fail' : 'pass' }, result.status),
    h(
      'div',
      { class: 'diff' },
      h('div', { class: 'line del' }, result.original),
      h('div', { class: 'line ins' }, result.replacement),
    ),
    h(
      'p',
      { class: 'description' },
      result.coveredBy.length ? `ran by: ${result.coveredBy.join(', ')}` : 'no scenario ran this line',
    ),
    result.killedBy ? h('p', { class: 'dim' }, `killed by: ${result.killedBy}`) : '',
  )
}

export function renderMutateHtml(run: MutateRun, facts: { date: string; commandLine: string }): string {
  const head = h(
    'tr',
    {},
    h('th', {}, 'file'),
    MUTANT_STATUSES.map((s) => h('th', {}, s)),
    h('th', {}, 'total'),
    h('th', {}, 'score'),
  )
  const left = survivors(run.results)
  const body: Child[] = [
    h('h1', {}, 'dsh mutate report'),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'run'),
      h('dd', {}, facts.date),
      h('dt', {}, 'command'),
      h('dd', {}, h('code', {}, facts.commandLine)),
    ),
    h(
      'table',
      { class: 'summary' },
      head,
      fileSummaries(run.files, run.results).map(([file, summary]) => summaryRow(file, summary)),
      summaryRow('total', summarize(run.results)),
    ),
    h('input', { type: 'checkbox', id: 'failures-only', checked: left.length > 0 }),
    h('label', { for: 'failures-only' }, ' show survivors only'),
    h(
      'main',
      {},
      h('p', {}, left.length ? 'Survivors: behaviours your corpus does not pin.' : 'No survivors.'),
      run.results.map(mutantSection),
    ),
  ]
  return reportPage('dsh mutate report', join(body))
}
