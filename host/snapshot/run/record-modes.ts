// The record modes that choose what to record (like VCR's): record-missing records the scenarios
// that have no recording yet, record-drifted replays the selection and re-records those whose
// replay drifted or ran out, record-stale re-records those older than their maxAge (replay warns
// of them). Each prints its choice (onPlan) before it records anything; the choosing is pure
// (missing-selection.ts, drift-plan.ts, core/provenance.ts), the recording is runSuite's record mode.
import { readdir } from 'node:fs/promises'
import { discoverScenarios, type LoadedScenario } from '../scenario/discover.ts'
import { staleness, today } from '../core/provenance.ts'
import { formatDriftPlan, planRerecord } from './drift-plan.ts'
import { formatMissingSelection, selectMissing } from './missing-selection.ts'
import { failedBeforeRun } from '../model/outcome.ts'
import { runSuite, type SuiteOptions, type SuiteResult } from './run-suite.ts'
import { verifyLive } from './verify-live.ts'
import type { SuiteMode } from './suite-modes.ts'
import { failure } from '../model/failure.ts'

export interface SuiteModeOptions extends Omit<SuiteOptions, 'mode'> {
  mode?: SuiteMode
  /** The choice of record-missing / record-drifted, line by line, before anything is recorded. */
  onPlan?(lines: string[]): void
}

export function runSuiteMode(options: SuiteModeOptions): Promise<SuiteResult> {
  const { mode = 'replay', onPlan: _, ...rest } = options
  if (mode === 'record-missing') return recordMissing(options)
  if (mode === 'record-drifted') return recordDrifted(options)
  if (mode === 'record-stale') return recordStale(options)
  if (mode === 'verify-live') return verifyLive(rest)
  if (mode === 'replay') return replayWarningStale(options, rest)
  return runSuite({ ...rest, mode })
}

/** Replay, after a warning for each scenario older than its maxAge (a warning: the recording still replays). */
function replayWarningStale(options: SuiteModeOptions, rest: Omit<SuiteOptions, 'mode'>): Promise<SuiteResult> {
  const now = today()
  // The suite's own discovery: the corpus is read once.
  const onDiscovered = (scenarios: readonly LoadedScenario[]) => {
    const stale = scenarios.flatMap((s) => staleness(s.name, s.manifest, now) ?? [])
    if (stale.length) options.onPlan?.(stale.map((why) => `warning: ${why}`))
  }
  return runSuite({ ...rest, mode: 'replay', onDiscovered })
}

async function recordStale(options: SuiteModeOptions): Promise<SuiteResult> {
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

async function recordMissing(options: SuiteModeOptions): Promise<SuiteResult> {
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

async function recordDrifted(options: SuiteModeOptions): Promise<SuiteResult> {
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
