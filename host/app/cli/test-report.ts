// What `dsh test` prints (pure): progress lines for stderr as scenarios finish, and the report for
// stdout at the end (a table, every failure in full, the fixtures written, a closing count line),
// or the same as JSON. Reporters are functions of outcomes, so they fit any stream of them.
import type { Paint } from '../../../lib/style.ts'
import { colourDiff } from './colour-diff.ts'
import type { SuiteResult } from '../../snapshot/run/run.ts'
import type { ScenarioOutcome } from '../../snapshot/model/outcome.ts'
import { digestFailures, formatDigest } from '../../snapshot/core/failure-digest.ts'
import { plural } from '../../../lib/plural.ts'
import { columns } from './usage.ts'
import { describeApplied } from '../../snapshot/core/normalize/user-rules.ts'

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

/** `dsh test: 3 scenarios, replay mode, in-process`, and how many could not be loaded (the report names them). */
export function formatStartLine(count: number, mode: string, host: string, unloaded = 0): string {
  const notLoaded = unloaded ? `; ${plural(unloaded, 'scenario')} could not be loaded (see the report)` : ''
  return `dsh test: ${plural(count, 'scenario')}, ${mode} mode, ${host}${notLoaded}`
}

/** `[2/33] pass  text-turn  12 ms`: one line per finished scenario (stderr). */
export function formatProgressLine(outcome: ScenarioOutcome, done: number, total: number, paint: Paint): string {
  const status = outcome.ok ? paint('green', 'pass') : paint('red', 'FAIL')
  return `[${done}/${total}] ${status}  ${outcome.scenario}  ${paint('dim', formatDuration(outcome.durationMs))}`
}

interface TextReportOptions {
  interruptedBy?: string
  /** Folders shown relative in failures (the project root). */
  roots?: readonly string[]
  /** The progress lines already named every scenario on the same terminal: no table again. */
  progressShown?: boolean
}

/** The report (stdout): one row per scenario, then each failure on one screen, then `N passed, M failed`. */
export function formatTextReport(result: SuiteResult, paint: Paint, options: TextReportOptions = {}): string {
  const { interruptedBy, roots = [] } = options
  const lines: string[] = []
  if (result.outcomes.length && !options.progressShown) {
    const rows = result.outcomes.map(
      (o) =>
        [
          o.scenario,
          `${o.ok ? paint('green', 'pass') : paint('red', 'FAIL')}  ${formatDuration(o.durationMs)}`,
        ] as const,
    )
    lines.push(...columns(rows, 0))
  }
  const failed = result.outcomes.filter((o) => !o.ok)
  for (const outcome of failed) {
    lines.push('', paint('bold', `${paint('red', 'FAIL')} ${outcome.scenario}`))
    lines.push(formatFailures(outcome, paint, roots))
  }
  const warnings = result.outcomes.flatMap((o) => o.warnings ?? [])
  if (warnings.length)
    lines.push(
      '',
      paint('yellow', 'Recording warnings (--strict refuses to write them):'),
      ...warnings.map((w) => `  ${w}`),
    )
  // A normalization rule is never silent: each scenario it touched says which rules, how many places.
  const normalized = result.outcomes.filter((o) => o.normalizedBy?.length)
  if (normalized.length)
    lines.push(
      '',
      'Normalized (normalize: rules):',
      ...normalized.map((o) => `  ${o.scenario}: ${describeApplied(o.normalizedBy!)}`),
    )
  const written = result.outcomes.flatMap((o) => o.written).concat(result.removed)
  if (written.length) lines.push('', 'Written:', ...written.map((file) => `  ${file}`))
  if (result.loadFailures.length) lines.push('', ...result.loadFailures.map((f) => `${paint('red', 'error')}: ${f}`))
  if (result.interrupted)
    lines.push(
      '',
      paint('yellow', `interrupted${interruptedBy ? ` by ${interruptedBy}` : ''}: the remaining scenarios did not run`),
    )
  lines.push('', formatCountLine(result.outcomes.length, failed.length, result.loadFailures.length))
  return `${lines.join('\n').replace(/^\n/, '')}\n`
}

/**
 * `2 passed, 1 failed`: scenarios that ran; problems outside them (a scenario file that does not
 * load, an obsolete golden) are errors, counted apart as pytest counts collection errors.
 */
function formatCountLine(ran: number, failed: number, errors: number): string {
  return `${ran - failed} passed, ${failed} failed${errors ? `, ${plural(errors, 'error')}` : ''}`
}

/**
 * A failed scenario on one screen (core/failure-digest.ts): the cause, the next command, one diff,
 * one line per other failure; indented, diffs coloured. `--format json` and `--html` keep every
 * failure in full.
 */
export function formatFailures(outcome: ScenarioOutcome, paint: Paint, roots: readonly string[] = []): string {
  const digest = digestFailures({ ...outcome, roots })
  return indent(colourDiff(formatDigest(digest), paint))
}

export function suiteReport(result: SuiteResult, mode: string, interruptedBy?: string) {
  return {
    ok: !result.interrupted && !result.loadFailures.length && result.outcomes.every((o) => o.ok),
    mode,
    interrupted: result.interrupted,
    ...(interruptedBy ? { interruptedBy } : {}),
    loadFailures: result.loadFailures,
    removed: result.removed,
    scenarios: result.outcomes.map(({ scenario, ok, failures, warnings, written, durationMs, host, normalizedBy }) => ({
      scenario,
      ok,
      host,
      durationMs: Math.round(durationMs),
      failures,
      ...(warnings?.length ? { warnings } : {}),
      ...(normalizedBy?.length ? { normalizedBy } : {}),
      written,
    })),
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}
