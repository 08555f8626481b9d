import { describe, expect, it } from 'vitest'
import type { CaseCheck } from './case-schema.ts'
import type { CaseStep } from './case-steps.ts'
import { judgeChecks } from './check-reach.ts'
import { builder, failed, ok } from './test-support/trace-builder.ts'

const steps: CaseStep[] = [
  { op: 'initialize' },
  { op: 'newSession', as: 's1' },
  { op: 'prompt', session: 's1', as: 'bg', text: 'long', background: true },
  { op: 'prompt', session: 's1', as: 'p1', text: 'hi' },
  { op: 'await', prompt: 'bg' },
]

/** A trace of the steps above where steps[3] failed: steps 0-2 finished, 3 did not, 4 never started. */
function stoppedAtThree() {
  const b = builder()
  b.end(b.step('initialize'), ok({ protocolVersion: 1, agentCapabilities: {} }))
  b.trace.initialize = ok({ protocolVersion: 1, agentCapabilities: {} })
  b.end(b.step('newSession', 's1'), ok({ sessionId: 'id-1' }))
  b.session('s1', 'id-1')
  b.end(b.step('prompt', 'bg'))
  b.step('prompt', 'p1').outcome = failed(-32603, 'boom')
  b.chunk('id-1', 'from the background prompt')
  b.chunk('other-id', 'names another session')
  return b.trace
}

describe('judgeChecks after a failed step', () => {
  it('judges what finished steps answer, fails what no later step could undo, and sets the rest aside', () => {
    const checks: CaseCheck[] = [
      { check: 'advertised', path: 'agentCapabilities.loadSession' },
      { check: 'sessionId', session: 's1' },
      { check: 'stopReason', prompt: 'bg', in: ['end_turn'] },
      { check: 'updatesNameSession', session: 's1' },
      { check: 'updateCount', min: 1, kind: 'agent_message_chunk' },
    ]
    const judged = judgeChecks(checks, steps, stoppedAtThree(), 3)
    expect(judged.failures).toEqual([
      "checks[0] (advertised): initialize's result has nothing at agentCapabilities.loadSession; the agent must " +
        'advertise it',
      expect.stringMatching(/^checks\[3\] \(updatesNameSession\): .* \(seen before the case stopped\)$/),
    ])
    expect(judged.notReached).toEqual([
      {
        // A background prompt's outcome needs its await step.
        check: 'checks[2] (stopReason)',
        reason:
          'not judged: it needs steps[4] (await) to finish, and the case stopped at steps[3] (prompt "p1") (see ' +
          'the failure above)',
      },
      {
        check: 'checks[4] (updateCount)',
        reason:
          'not judged: it looks at the whole case, and the case stopped at steps[3] (prompt "p1") (see the failure ' +
          'above)',
      },
    ])
  })

  it('judges every check when every step ran', () => {
    const judged = judgeChecks([{ check: 'updateCount', min: 5 }], steps, stoppedAtThree())
    expect(judged).toEqual({ failures: [expect.stringMatching(/^checks\[0\] \(updateCount\): /)], notReached: [] })
  })
})
