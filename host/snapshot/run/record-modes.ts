// The record modes that choose what to record (like VCR's): record-missing records the scenarios
// that have no recording yet, record-drifted replays the selection and re-records those whose
// replay drifted or ran out, record-stale re-records those older than their maxAge (replay warns
// of them). Each prints its choice (onPlan) before it records anything; the choosing is pure
// (missing-selection.ts, drift-plan.ts, core/provenance.ts), the recording is runSuite's record mode.
// Replay warns of stale recordings here too. The entry (run.ts) picks one of these by the mode.
import { readdir } from 'node:fs/promises'
import { discoverScenarios, type LoadedScenario } from '../scenario/discover.ts'
import { staleness, today } from '../core/provenance.ts'
import { formatDriftPlan, planRerecord } from './drift-plan.ts'
import { formatMissingSelection, selectMissing } from './missing-selection.ts'
import { failedBeforeRun } from '../model/outcome.ts'
import { runSuite, type SuiteOptions, type SuiteResult } from './run-suite.ts'
import { failure } from '../model/failure.ts'

export interface ChoosingOptions extends Omit<SuiteOptions, 'mode'> {
  /** The choice of record-missing / record-drifted / record-stale, line by line, before anything is recorded. */
  onPlan?(lines: string[]): void
}

/** Replay, after a warning for each scenario older than its maxAge (a warning: the recording still replays). */
export function replayWarningStale(options: ChoosingOptions): Promise<SuiteResult> {
  const { onPlan: _, ...rest } = options
  const now = today()
  // The suite's own discovery: the corpus is read once.
  const onDiscovered = (scenarios: readonly LoadedScenario[]) => {
    const stale = scenarios.flatMap((s) => staleness(s.name, s.manifest, now) ?? [])
    if (stale.length) options.onPlan?.(stale.map((why) => `warning: ${why}`))
  }
  return runSuite({ ...rest, mode: 'replay', onDiscovered })
}

export async function recordStale(options: ChoosingOptions): Promise<SuiteResult> {
  const { scenarios, failures } = await discoverScenarios(options.repoRoot, { names: options.names })
  const now = today()
  const stale = scenarios.flatMap((s) => {
    const why = staleness(s.name, s.manifest, now)
    return why ? [{ scenario: s.name, why }] : []
  })
  options.onPlan?.([
    `record-stale: ${stale.length} to re-record, ${scenarios.length - stale.length} fresh or without maxAge ` +
      '(left untouched)',
    ...stale.map(({ why }) => `  ${why}`),
  ])
  const loadFailures = failures.map((f) => f.error.message)
  if (!stale.length) return { outcomes: [], loadFailures, interrupted: false, removed: [] }
  const names = stale.map((s) => s.scenario)
  const recorded = await runSuite({ ...options, mode: 'record', names })
  return { ...recorded, loadFailures: [...loadFailures, ...recorded.loadFailures] }
}

export async function recordMissing(options: ChoosingOptions): Promise<SuiteResult> {
  const { scenarios, failures } = await discoverScenarios(options.repoRoot, { names: options.names, mode: 'record' })
  const listings = await Promise.all(scenarios.map(async (s) => ({ ...s, files: await readdir(s.dir) })))
  const selection = selectMissing(listings)
  options.onPlan?.(formatMissingSelection(selection))
  options.onStart?.(selection.record.length + selection.skipped.length, failures.length)
  const skipped = selection.skipped.map(({ scenario, why }) =>
    failedBeforeRun(scenario, 'record', options.subprocess, [
      failure('scenario', scenario, `scenario ${scenario}: ${why}`),
    ]),
  )
  for (const outcome of skipped) options.onResult?.(outcome)
  const loadFailures = failures.map((f) => f.error.message)
  if (!selection.record.length)
    return { outcomes: skipped, loadFailures, interrupted: !!options.signal?.aborted, removed: [] }
  const names = selection.record.map((r) => r.scenario)
  const recorded = await runSuite({ ...options, onStart: undefined, mode: 'record', names })
  return { ...recorded, outcomes: [...skipped, ...recorded.outcomes], loadFailures }
}

export async function recordDrifted(options: ChoosingOptions): Promise<SuiteResult> {
  const { onResult, onStart, ...quiet } = options
  // The replay pass judges only: its outcomes are reported once the plan is made. Its discovery
  // gives the manifests the plan reads.
  let scenarios: readonly LoadedScenario[] = []
  const onDiscovered = (discovered: readonly LoadedScenario[]) => {
    scenarios = discovered
    options.onDiscovered?.(discovered)
  }
  const replayed = await runSuite({ ...quiet, mode: 'replay', stub: false, onStart, onDiscovered })
  if (replayed.interrupted) return replayed
  const plan = planRerecord(replayed.outcomes, new Map(scenarios.map((s) => [s.name, s.manifest])))
  options.onPlan?.(formatDriftPlan(plan))
  const names = new Set(plan.rerecord.map((r) => r.scenario))
  const kept = replayed.outcomes.filter((o) => !names.has(o.scenario))
  for (const outcome of kept) onResult?.(outcome)
  if (!names.size) return replayed
  const recorded = await runSuite({ ...options, onStart: undefined, mode: 'record', names: [...names] })
  const byName = new Map(recorded.outcomes.map((o) => [o.scenario, o]))
  return {
    outcomes: replayed.outcomes.flatMap((o) => (names.has(o.scenario) ? (byName.get(o.scenario) ?? []) : [o])),
    loadFailures: [...replayed.loadFailures, ...recorded.loadFailures],
    interrupted: recorded.interrupted,
    removed: [...replayed.removed, ...recorded.removed],
  }
}
