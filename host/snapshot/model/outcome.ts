// What one scenario's run comes to: the snapshot service returns and emits it, the CLI, the HTML
// report, vitest and `dsh/host` read it. Plain data that crosses processes (a --jobs worker, the
// JSON blob); the in-process observation vitest judges from is the service's own field, added
// where it is made (service/judge.ts, `execution`), so this folder names no layer above it.
import type { RunMode } from './modes.ts'
import type { Failure } from './failure.ts'
import type { AppliedRule } from './applied-rule.ts'

export interface ScenarioOutcome {
  scenario: string
  ok: boolean
  /** What went wrong, as data (model/failure.ts); the surfaces that differ are `surface` failures. */
  failures: Failure[]
  /** Repository-relative files rewritten (record / refresh). */
  written: string[]
  durationMs: number
  mode: RunMode
  host: ScenarioHost
  /** The normalized surfaces, for cross-host comparisons and reports. */
  surfaces?: { transcript: string[]; sessionLogs: string[] }
  /** The committed transcript golden as read for this run (the report's expected side); plain text, so it
   * crosses from a --jobs worker where `execution` does not. */
  expectedGolden?: string
  /** `recording:` from snapshot.yml (where the fixtures came from), for the next-step hint. */
  recording?: string
  /** record: failed tool calls and scaffold placeholders the recording kept (or, with strict, refused). */
  warnings?: string[]
  /** The `normalize:` rules the run went through, each with how many places it changed (never silent). */
  normalizedBy?: AppliedRule[]
  /** The sandbox tier the scenario needs and this host lacks: it was stopped before it ran (failures name it). */
  stoppedForTier?: string
}

type ScenarioHost = 'in-process' | 'subprocess'

/** The outcome of a scenario that failed before it could run (no key, no model script, …). */
export function failedBeforeRun(
  scenario: string,
  mode: RunMode,
  subprocess: boolean | undefined,
  failures: Failure[],
): ScenarioOutcome {
  const host = subprocess ? 'subprocess' : 'in-process'
  return { scenario, ok: false, failures, written: [], durationMs: 0, mode, host }
}
