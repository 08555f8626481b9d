// The run's result as data (the JSON report), its summary and exit code (pure).
import { signalExitCode, type RunSignal } from '../../lib/run-signals.ts'
import type { CleanupReport } from './cleanup.ts'

type CaseStatus = 'pass' | 'fail' | 'interrupted' | 'not-run'

export interface CaseResult {
  id: string
  file: string
  title: string
  spec: string[]
  required: boolean
  status: CaseStatus
  durationMs: number
  /** Why it failed: a step, a check, or cleanup; each names where. */
  failures: string[]
  /** Kept for report version 1: nothing is a warning since leftover processes fail the case. */
  warnings: string[]
  cleanup?: CleanupReport
  /** The end of the agent's stderr, kept for failed cases. */
  agentStderr?: string
  /** For not-run cases. */
  reason?: string
}

interface RunSummary {
  total: number
  passed: number
  failed: number
  requiredFailed: number
  optionalFailed: number
  interrupted: number
  notRun: number
}

export interface RunReport {
  tool: 'dsh conformance'
  reportVersion: 1
  profile: string
  /** --case filter, when given. */
  cases?: string[]
  agentCommand: string
  permissionMode: string
  cwd?: string
  startedAt: string
  durationMs: number
  /** The signal that stopped the run; later cases are not-run and the report is partial. */
  interruptedBy?: string
  /** Set when a case's agent could not be verified gone or never answered initialize: no later case was launched. */
  stoppedEarly?: string
  results: CaseResult[]
  summary: RunSummary
  exitCode: number
}

export function summarize(results: readonly CaseResult[]): RunSummary {
  const count = (predicate: (r: CaseResult) => boolean) => results.filter(predicate).length
  return {
    total: results.length,
    passed: count((r) => r.status === 'pass'),
    failed: count((r) => r.status === 'fail'),
    requiredFailed: count((r) => r.status === 'fail' && r.required),
    optionalFailed: count((r) => r.status === 'fail' && !r.required),
    interrupted: count((r) => r.status === 'interrupted'),
    notRun: count((r) => r.status === 'not-run'),
  }
}

/** 128+n after a signal; 1 when a required case failed or could not run; else 0. */
export function exitCodeFor(results: readonly CaseResult[], interruptedBy?: RunSignal): number {
  if (interruptedBy) return signalExitCode(interruptedBy)
  return results.some((r) => r.required && (r.status === 'fail' || r.status === 'not-run')) ? 1 : 0
}
