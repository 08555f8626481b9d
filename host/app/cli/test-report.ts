// What `dsh test` prints: a progress line per scenario, a summary, a JSON report. Pure.
import type { SuiteResult } from '../../snapshot/run/run-suite.ts'
import type { ScenarioOutcome } from '../../snapshot/run/run-scenario.ts'

export function formatOutcomeLine(outcome: ScenarioOutcome): string {
  const status = outcome.ok ? 'pass' : 'FAIL'
  const wrote = outcome.written.length ? `  (wrote ${outcome.written.join(', ')})` : ''
  const head = `${status}  ${outcome.scenario}  ${outcome.durationMs.toFixed(0)} ms${wrote}`
  return outcome.ok ? head : `${head}\n${outcome.failures.map((f) => indent(f)).join('\n')}`
}

export function formatSummary(result: SuiteResult, interruptedBy?: string): string {
  const passed = result.outcomes.filter((o) => o.ok).length
  const failed = result.outcomes.length - passed
  const lines = result.loadFailures.map((f) => `error: ${f}`)
  if (result.interrupted)
    lines.push(`interrupted${interruptedBy ? ` by ${interruptedBy}` : ''}: the remaining scenarios did not run`)
  lines.push(`${passed} passed, ${failed + result.loadFailures.length} failed`)
  return lines.join('\n')
}

export function suiteReport(result: SuiteResult, mode: string, interruptedBy?: string) {
  return {
    ok: !result.interrupted && !result.loadFailures.length && result.outcomes.every((o) => o.ok),
    mode,
    interrupted: result.interrupted,
    ...(interruptedBy ? { interruptedBy } : {}),
    loadFailures: result.loadFailures,
    scenarios: result.outcomes.map(({ scenario, ok, failures, written, durationMs }) => ({
      scenario,
      ok,
      durationMs: Math.round(durationMs),
      failures,
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
