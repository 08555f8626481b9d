// What `dsh test --mode` and `runScenarios({ mode })` accept (type imports only: the CLI reads it
// without loading the test host). docs/design.md §8 says what each does.
/**
 * The modes a scenario runs in (the host service's own `mode`): replay compares only; refresh rewrites goldens,
 * sidecars and logs from the recorded model script; record re-records.
 */
export type RunMode = 'replay' | 'refresh' | 'record'

/**
 * The per-scenario modes (replay, record, refresh), three that choose what to record
 * (run/record-modes.ts), and the live canary (run/verify-live.ts).
 */
export type SuiteMode = RunMode | 'record-missing' | 'record-drifted' | 'record-stale' | 'verify-live'
export const SUITE_MODES: readonly SuiteMode[] = [
  'replay',
  'record',
  'refresh',
  'record-missing',
  'record-drifted',
  'record-stale',
  'verify-live',
]

/** The modes that record, and so take --stub. */
export const RECORDING_MODES: readonly SuiteMode[] = ['record', 'record-missing', 'record-drifted', 'record-stale']
