// A finished case as the report keeps it (pure): its status, what failed, which checks were not
// reached, the agent's stderr (head and tail) for a case that did not pass, and its wire transcript.
import type { CleanupReport } from './cleanup.ts'
import type { CaseResult, NotReachedCheck } from './report.ts'
import type { PlannedCase } from './select.ts'
import { stderrExcerpt } from './stderr-excerpt.ts'
import { type CaseTrace, transcriptOf } from './trace.ts'

interface CaseFacts {
  planned: PlannedCase
  durationMs: number
  interrupted: boolean
  /** Why the case does not apply to this agent (it does not advertise what the case requires). */
  notApplicable?: string
  failures: string[]
  notReached: NotReachedCheck[]
  cleanup: CleanupReport
  stderr: { head: string; tail: string; totalBytes: number }
  trace: CaseTrace
}

export function caseResult(facts: CaseFacts): CaseResult {
  const { id, file, data } = facts.planned.case
  const status = facts.interrupted
    ? 'interrupted'
    : facts.failures.length
      ? 'fail'
      : facts.notApplicable !== undefined
        ? 'not-applicable'
        : 'pass'
  const { head, tail, totalBytes } = facts.stderr
  const { transcript, leftOut } = transcriptOf(facts.trace)
  const keepStderr = status !== 'pass' && status !== 'not-applicable' && totalBytes > 0
  return {
    id,
    file,
    title: data.title,
    spec: data.spec,
    required: facts.planned.required,
    status,
    durationMs: facts.durationMs,
    failures: facts.failures,
    ...(facts.notReached.length ? { notReached: facts.notReached } : {}),
    warnings: [],
    cleanup: facts.cleanup,
    ...(keepStderr ? { agentStderr: stderrExcerpt(head, tail, totalBytes) } : {}),
    ...(status === 'not-applicable' ? { reason: facts.notApplicable } : {}),
    transcript,
    ...(leftOut ? { transcriptLeftOut: leftOut } : {}),
  }
}
