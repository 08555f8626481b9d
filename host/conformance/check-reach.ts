// Judging a case's checks when its steps did not all run (pure). A check is judged when every step
// it looks at finished; one that looks at a step the case never finished (or at the whole case) is
// reported as not reached, with the step it needed and where the case stopped, so a failed step no
// longer hides the check the case exists for. A violation already seen of a check that no later
// step could undo (an update naming another session, a call that was not allowed) fails at once.
import type { CaseStep } from './case-steps.ts'
import type { CaseCheck } from './case-schema.ts'
import { evaluateCheck } from './checks.ts'
import type { NotReachedCheck } from './report.ts'
import { type CaseTrace, describeStep } from './trace.ts'

interface Judged {
  failures: string[]
  notReached: NotReachedCheck[]
}

const WHOLE_CASE = Number.POSITIVE_INFINITY

/**
 * Every check judged or set aside. `stoppedAt` is the index of the step the case stopped in (or
 * before); undefined when every step ran.
 */
export function judgeChecks(
  checks: readonly CaseCheck[],
  steps: readonly CaseStep[],
  trace: CaseTrace,
  stoppedAt?: number,
): Judged {
  const judged: Judged = { failures: [], notReached: [] }
  checks.forEach((check, index) => {
    const name = `checks[${index}] (${check.check})`
    const problem = evaluateCheck(check, trace)
    const needs = stoppedAt === undefined ? -1 : lastStepNeeded(check, steps)
    if (stoppedAt === undefined || needs < stoppedAt) {
      if (problem) judged.failures.push(`${name}: ${problem}`)
    } else if (problem && violationIsFinal(check)) {
      judged.failures.push(`${name}: ${problem} (seen before the case stopped)`)
    } else {
      judged.notReached.push({ check: name, reason: notReachedReason(needs, stoppedAt, steps) })
    }
  })
  return judged
}

function notReachedReason(needs: number, stoppedAt: number, steps: readonly CaseStep[]): string {
  const label = (i: number) => {
    const step = steps[i]
    if (!step) throw new Error(`check-reach: the case has no step ${i} (${steps.length} steps)`)
    return describeStep({ index: i, op: step.op, as: step.as })
  }
  const where =
    stoppedAt < steps.length ? `the case stopped at ${label(stoppedAt)}` : 'the case stopped after its last step'
  const what = needs === WHOLE_CASE ? 'it looks at the whole case' : `it needs ${label(needs)} to finish`
  return `not judged: ${what}, and ${where} (see the failure above)`
}

/** The index of the last step a check looks at; WHOLE_CASE for one that looks at everything. */
function lastStepNeeded(check: CaseCheck, steps: readonly CaseStep[]): number {
  const indexOf = (name: string) => steps.findIndex((s) => s.as === name)
  // A background prompt's outcome is known once the await step that names it has run.
  const settledBy = (name: string) => {
    const index = indexOf(name)
    const awaited = steps.findIndex((s) => s.op === 'await' && 'prompt' in s && s.prompt === name)
    return Math.max(index, awaited)
  }
  switch (check.check) {
    case 'protocolVersion':
    case 'advertised':
      return Math.max(
        0,
        steps.findIndex((s) => s.op === 'initialize'),
      )
    case 'sessionId':
      return Math.max(indexOf(check.session), ...(check.differentFrom ?? []).map(indexOf))
    case 'stopReason':
      return settledBy(check.prompt)
    case 'error':
    case 'configOptionResponse':
    case 'configOptionError':
      return settledBy(check.step)
    case 'updateCount':
    case 'updatesNameSession':
    case 'updateText':
    case 'updateKinds':
    case 'toolCalls':
    case 'messageIds':
      // A window that runs to the end of the case (no `through`) looks at all of it.
      return check.through !== undefined ? settledBy(check.through) : WHOLE_CASE
    default:
      return WHOLE_CASE
  }
}

/** Checks whose failure no later step could undo: what was seen already breaks the rule. */
function violationIsFinal(check: CaseCheck): boolean {
  switch (check.check) {
    case 'updatesNameSession':
    case 'noLateUpdates':
      return true
    case 'updateCount':
    case 'permissionRequests':
    case 'reverseCalls':
      return !check.min && check.max !== undefined
    default:
      return false
  }
}
