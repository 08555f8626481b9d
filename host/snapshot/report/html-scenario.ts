// One scenario of the HTML report. A failure opens with its cause and the command to run
// (core/failure-digest.ts, the same words as the CLI), then the expected conversation (rendered
// from the golden) beside the actual one (from the run) with the changed items marked, then each
// differing file side by side, then every failure message in full.
import { digestFailures } from '../core/failure-digest.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import type { ScenarioInput } from '../scenario/input.ts'
import { MAX_REPORT_FAILURE_CHARS, MAX_REPORT_TEXT_CHARS } from './bounds.ts'
import { buildConversation } from './conversation.ts'
import { changedItems } from './conversation-compare.ts'
import { renderConversation } from './html-conversation.ts'
import { renderSideBySide } from './html-side-by-side.ts'
import { h, type Html } from './html.ts'
import { describeApplied } from '../core/normalize/user-rules.ts'

interface ScenarioContext {
  input?: ScenarioInput
  description?: string
  /** Where the recording came from (scenario/provenance-text.ts): source, models, date, dsh version, header class. */
  provenance?: string
  /** Folders shown relative in messages (the project root). */
  roots?: readonly string[]
  /** What the report's bounds left out of this outcome's texts (bounds.ts). */
  leftOut?: readonly string[]
}

export function formatTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

export function scenarioSection(outcome: ScenarioOutcome, context: ScenarioContext = {}): Html {
  const recording = context.provenance ?? (outcome.recording && `recording: ${outcome.recording}`)
  const provenance = recording ? ` · ${recording}` : ''
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
        h(
          'span',
          { class: 'dim' },
          ` · ${outcome.mode} · ${outcome.host} · ${formatTime(outcome.durationMs)}${provenance}`,
        ),
        context.description ? h('div', { class: 'description' }, context.description) : '',
      ),
      context.leftOut?.length ? leftOutNote(context.leftOut) : '',
      outcome.normalizedBy?.length ? h('p', { class: 'normalized' }, describeApplied(outcome.normalizedBy)) : '',
      outcome.ok ? '' : causeBox(outcome, context.roots ?? []),
      conversations(outcome, context.input),
      differingFiles(outcome).map((m) => renderSideBySide(m.file, m.expected, m.actual)),
      outcome.ok
        ? ''
        : h(
            'details',
            { class: 'failures' },
            h('summary', {}, `every failure message in full (${outcome.failures.length})`),
            outcome.failures.map((failure) => h('pre', {}, failure.message)),
          ),
      outcome.written.length ? h('p', { class: 'dim' }, `written: ${outcome.written.join(', ')}`) : '',
      outcome.warnings?.length
        ? h(
            'ul',
            { class: 'warnings' },
            outcome.warnings.map((w) => h('li', {}, w)),
          )
        : '',
    ),
  )
}

/** The committed files the run differs from, each shown side by side. */
function differingFiles(outcome: ScenarioOutcome) {
  return outcome.failures.flatMap((failure) => (failure.kind === 'surface' ? [failure] : []))
}

/** The cause in one line, the one command, and (for replay) the diff that explains it. */
function causeBox(outcome: ScenarioOutcome, roots: readonly string[]): Html {
  const digest = digestFailures({ ...outcome, roots })
  // A differing file is shown side by side below; replay's and the workspace's diffs only here.
  const diff = differingFiles(outcome).some((m) => m.file === digest.file) ? '' : digest.diff
  return h(
    'div',
    { class: 'cause' },
    h('div', { class: 'cause-line' }, h('b', {}, 'cause: '), digest.cause),
    h(
      'div',
      { class: 'next' },
      h('b', {}, 'next: '),
      h('code', {}, digest.next.command),
      digest.next.note ? h('span', { class: 'dim' }, ` (${digest.next.note})`) : '',
    ),
    diff ? h('pre', { class: 'cause-diff' }, diff) : '',
    digest.also.length
      ? h(
          'ul',
          { class: 'also' },
          digest.also.map((line) => h('li', {}, line)),
        )
      : '',
  )
}

/** The golden's conversation beside the run's, or the run's alone when they agree (or no golden). */
function conversations(outcome: ScenarioOutcome, input: ScenarioInput | undefined): Html {
  const transcript = outcome.surfaces?.transcript
  if (!transcript) return h('p', { class: 'dim' }, 'no transcript (the run did not get that far)')
  const actual = buildConversation(transcript, input)
  const golden = outcome.expectedGolden
  const runText = transcript.length ? `${transcript.join('\n')}\n` : ''
  if (golden === undefined || golden === runText) return renderConversation(actual)
  const expected = buildConversation(golden.split('\n').filter(Boolean), input)
  const changed = changedItems(expected, actual)
  return h(
    'div',
    { class: 'conversations' },
    h('div', {}, h('h3', {}, 'expected (the golden)'), renderConversation(expected, changed.expected)),
    h('div', {}, h('h3', {}, 'actual (this run)'), renderConversation(actual, changed.actual)),
  )
}

/** Which texts this report shows only in part: the files themselves hold the whole. */
function leftOutNote(notes: readonly string[]): Html {
  return h(
    'div',
    { class: 'left-out' },
    h('b', {}, 'shown in part: '),
    'texts this large are cut at a line end (each side of a file, the transcript and the golden at ' +
      `${MAX_REPORT_TEXT_CHARS / 1024} KiB, a failure message at ${MAX_REPORT_FAILURE_CHARS / 1024} KiB); compare ` +
      'the files themselves for the rest',
    h(
      'ul',
      {},
      notes.map((note) => h('li', {}, note)),
    ),
  )
}
