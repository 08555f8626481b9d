// `dsh test --html FILE`: one self-contained page (inline CSS, no script, no external asset; a
// Content-Security-Policy forbids any fetch) with a summary table and, per scenario, the
// conversation and, for a failure, each golden beside what the run produced. A pure function of
// the outcomes and the scenarios' scripts, so it can listen to any stream of outcomes.
import type { ScenarioOutcome } from '../plugin/outcome.ts'
import type { ScenarioInput } from '../scenario/input.ts'
import { buildConversation } from './conversation.ts'
import { renderConversation } from './html-conversation.ts'
import { renderSideBySide } from './html-side-by-side.ts'
import { escapeHtml, h, join, type Child, type Html } from './html.ts'
import { REPORT_CSS } from './report-style.ts'

export interface HtmlReportInput {
  outcomes: readonly ScenarioOutcome[]
  /** Scenario folders that could not be loaded. */
  loadFailures?: readonly string[]
  /** Each scenario's script, for the client's side of the conversation. */
  inputs?: Readonly<Record<string, ScenarioInput>>
  interrupted?: boolean
  title?: string
}

function formatTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

export function renderHtmlReport(input: HtmlReportInput): string {
  const { outcomes } = input
  const failed = outcomes.filter((o) => !o.ok).length + (input.loadFailures?.length ?? 0)
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
      input.interrupted ? ' (interrupted: the remaining scenarios did not run)' : '',
    ),
    summaryTable(outcomes),
    (input.loadFailures ?? []).map((failure) => h('pre', { class: 'load-failure' }, failure)),
    outcomes.map((o) => scenarioSection(o, input.inputs?.[o.scenario])),
  ]
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
${join(body).html}
</body>
</html>
`
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

function scenarioSection(outcome: ScenarioOutcome, input: ScenarioInput | undefined): Html {
  const transcript = outcome.surfaces?.transcript
  return h(
    'section',
    {
      class: `scenario ${outcome.ok ? 'passed' : 'failed'}`,
      id: `s-${outcome.scenario}`,
      'data-scenario': outcome.scenario,
    },
    h(
      'details',
      { open: !outcome.ok },
      h(
        'summary',
        {},
        h('h2', {}, outcome.scenario),
        ' ',
        h('span', { class: outcome.ok ? 'pass' : 'fail' }, outcome.ok ? 'pass' : 'FAIL'),
        h('span', { class: 'dim' }, ` · ${outcome.mode} · ${outcome.host} · ${formatTime(outcome.durationMs)}`),
      ),
      outcome.mismatches.map((m) => renderSideBySide(m.file, m.expected, m.actual)),
      outcome.ok
        ? ''
        : h(
            'details',
            { class: 'failures', open: !outcome.mismatches.length },
            h('summary', {}, `${outcome.failures.length} failure message(s)`),
            outcome.failures.map((failure) => h('pre', {}, failure)),
          ),
      outcome.written.length ? h('p', { class: 'dim' }, `written: ${outcome.written.join(', ')}`) : '',
      transcript
        ? renderConversation(buildConversation(transcript, input))
        : h('p', { class: 'dim' }, 'no transcript (the run did not get that far)'),
    ),
  )
}
