// The run's result as data (the JSON report), its summary and exit code (pure).
import { signalExitCode, type RunSignal } from '../../lib/run-signals.ts'
import type { CleanupReport } from './cleanup.ts'

/** not-applicable: the agent does not advertise what the case needs (its `requires`); it neither passes nor fails. */
type CaseStatus = 'pass' | 'fail' | 'interrupted' | 'not-run' | 'not-applicable'

/** One JSON-RPC message of the case, as it crossed the wire. */
export interface TranscriptEntry {
  /** Wire order across both directions. */
  seq: number
  /** ms since the case started. */
  atMs: number
  /** to-agent: the runner sent it; from-agent: the agent did. */
  dir: 'to-agent' | 'from-agent'
  message: Record<string, unknown>
}

/** A check the case never judged, and why (the step it needs did not finish). */
export interface NotReachedCheck {
  /** `checks[3] (stopReason)` */
  check: string
  reason: string
}

/** An auth method the agent advertised at initialize, as the report names it. */
export interface AuthMethodInfo {
  id: string
  name?: string
  description?: string
}

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
  /** Checks left unjudged because the case stopped before the steps they look at. */
  notReached?: NotReachedCheck[]
  /** Kept for report version 1: nothing is a warning since leftover processes fail the case. */
  warnings: string[]
  cleanup?: CleanupReport
  /** The agent's stderr for cases that did not pass: its start and its end, with a gap marker between when long. */
  agentStderr?: string
  /** For not-run and not-applicable cases. */
  reason?: string
  /** Every JSON-RPC message of the case each way, in wire order (the JSON report only). */
  transcript?: TranscriptEntry[]
  /** Messages past the transcript's budget (a flooding agent), left out of `transcript`. */
  transcriptLeftOut?: { messages: number; bytes: number }
}

interface RunSummary {
  total: number
  passed: number
  failed: number
  requiredFailed: number
  optionalFailed: number
  interrupted: number
  notRun: number
  notApplicable: number
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
  /** The agent asked for authentication (and no --authenticate satisfied it): the methods it advertises. */
  authMethods?: AuthMethodInfo[]
  /** The method --authenticate sent after each initialize. */
  authenticate?: string
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
    notApplicable: count((r) => r.status === 'not-applicable'),
  }
}

/** 128+n after a signal; 1 when a required case failed or could not run; else 0. */
export function exitCodeFor(results: readonly CaseResult[], interruptedBy?: RunSignal): number {
  if (interruptedBy) return signalExitCode(interruptedBy)
  return results.some((r) => r.required && (r.status === 'fail' || r.status === 'not-run')) ? 1 : 0
}
