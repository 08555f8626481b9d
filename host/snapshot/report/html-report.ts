// `dsh test --html FILE`: one self-contained page (inline CSS, no script, no external asset; a
// Content-Security-Policy forbids any fetch) with a summary table and, per scenario, the
// conversation and, for a failure, each golden beside what the run produced. A pure function of
// the outcomes and the scenarios' scripts, so it can listen to any stream of outcomes.
import { plural } from '../../../lib/plural.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { type BoundedOutcome, boundOutcome } from './bounds.ts'
import type { ScenarioInput } from '../scenario/input.ts'
import { h, join, type Child, type Html } from './html.ts'
import { formatTime, scenarioSection } from './html-scenario.ts'
import { reportPage } from './report-style.ts'

export interface HtmlReportInput {
  outcomes: readonly BoundedOutcome[]
  /** Scenario folders that could not be loaded. */
  loadFailures?: readonly string[]
  /** Each scenario's script, for the client's side of the conversation. */
  inputs?: Readonly<Record<string, ScenarioInput>>
  /** Each scenario's one-line description (snapshot.yml). */
  descriptions?: Readonly<Record<string, string>>
  /** Each scenario's provenance line (scenario/provenance-text.ts): where its recording came from. */
  provenance?: Readonly<Record<string, string>>
  interrupted?: boolean
  title?: string
  /** When the run started (ISO), the command line that ran it, and the folder holding scenarios/. */
  date?: string
  commandLine?: string
  root?: string
}

export function renderHtmlReport(input: HtmlReportInput): string {
  // A huge golden or transcript is shown in part, with a note (bounds.ts); a blob's outcomes already are.
  const outcomes = input.outcomes.map(boundOutcome)
  const failed = outcomes.filter((o) => !o.ok).length
  // Files that did not load are errors, counted apart as the text report does.
  const errors = input.loadFailures?.length ?? 0
  const passed = outcomes.filter((o) => o.ok).length
  const title = input.title ?? 'dsh test report'
  const body: Child[] = [
    h('h1', {}, title),
    h(
      'p',
      { id: 'counts' },
      h('span', { class: 'pass' }, `${passed} passed`),
      ', ',
      h('span', { class: failed ? 'fail' : '' }, `${failed} failed`),
      errors ? h('span', { class: 'fail' }, `, ${plural(errors, 'error')}`) : '',
      input.interrupted ? ' (interrupted: the remaining scenarios did not run)' : '',
    ),
    runFacts(input),
    // No script may run (CSP): the filter is a checkbox the stylesheet reads.
    h('input', { type: 'checkbox', id: 'failures-only', checked: failed + errors > 0 }),
    h('label', { for: 'failures-only' }, ' show failures only'),
    h(
      'main',
      {},
      summaryTable(outcomes),
      (input.loadFailures ?? []).map((failure) => h('pre', { class: 'load-failure' }, failure)),
      outcomes.map((o) =>
        scenarioSection(o, {
          input: input.inputs?.[o.scenario],
          description: input.descriptions?.[o.scenario],
          provenance: input.provenance?.[o.scenario],
          roots: input.root ? [input.root] : [],
          leftOut: o.leftOut,
        }),
      ),
    ),
  ]
  return reportPage(title, join(body))
}

/** When, how and where the run was made. */
function runFacts(input: HtmlReportInput): Child {
  const facts = [
    input.date ? ['date', input.date] : undefined,
    input.commandLine ? ['command', input.commandLine] : undefined,
    input.root ? ['root', input.root] : undefined,
  ].filter((fact): fact is string[] => !!fact)
  if (!facts.length) return ''
  return h(
    'dl',
    { class: 'facts' },
    facts.map(([name, value]) => [h('dt', {}, name), h('dd', {}, h('code', {}, value))]),
  )
}

function summaryTable(outcomes: readonly ScenarioOutcome[]): Html {
  return h(
    'table',
    { class: 'summary', id: 'summary' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['scenario', 'mode', 'host', 'time', 'result'].map((c) => h('th', {}, c)),
      ),
    ),
    h(
      'tbody',
      {},
      outcomes.map((o) =>
        h(
          'tr',
          { 'data-scenario': o.scenario, 'data-result': o.ok ? 'pass' : 'fail' },
          h('td', {}, h('a', { href: `#s-${o.scenario}` }, o.scenario)),
          h('td', {}, o.mode),
          h('td', {}, o.host),
          h('td', {}, formatTime(o.durationMs)),
          h('td', { class: o.ok ? 'pass' : 'fail' }, o.ok ? 'pass' : 'FAIL'),
        ),
      ),
    ),
  )
}
