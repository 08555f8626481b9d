import { describe, expect, it } from 'vitest'
import { nextStep, type FailureKind } from './next-step.ts'

const misfits: FailureKind[] = ['drift', 'exhausted', 'unconsumed', 'extra-session', 'missing-fixture', 'log-count']

describe('nextStep', () => {
  it.each(misfits)('%s: re-records the way the scenario was recorded', (kind) => {
    expect(nextStep({ scenario: 's', recording: 'stub', kind }).command).toBe('npx dsh test s --mode record --stub')
    const live = nextStep({ scenario: 's', recording: 'live', kind })
    expect(live.command).toBe('npx dsh test s --mode record')
    expect(live.note).toMatch(/the model's key \(its adapter's variable or key file/)
    for (const recording of ['authored', 'imported', 'some-future-value', undefined]) {
      const step = nextStep({ scenario: 's', recording, kind })
      expect(step.command).not.toMatch(/--mode record/)
      expect(step.command).toMatch(/^edit scenarios\/s\/session\.jsonl .*--mode refresh$/)
    }
  })

  it('refreshes a golden whatever the provenance, offering vitest -u first under vitest', () => {
    for (const recording of ['stub', 'live', 'authored']) {
      expect(nextStep({ scenario: 's', recording, kind: 'golden' }).command).toBe('npx dsh test s --mode refresh')
      expect(nextStep({ scenario: 's', recording, kind: 'golden', front: 'vitest' }).command).toBe(
        "npx vitest run -u -t '^s$'",
      )
    }
  })

  it('sends a pinned sidecar to its pin and a workspace difference to workspace.expected/', () => {
    expect(nextStep({ scenario: 's', recording: 'stub', kind: 'sidecar', pin: 'p' }).command).toBe(
      'npx dsh test p --mode refresh',
    )
    expect(nextStep({ scenario: 's', recording: 'stub', kind: 'workspace' }).command).toBe(
      'edit scenarios/s/workspace.expected/',
    )
    expect(nextStep({ scenario: 's', recording: 'stub', kind: 'session-log' }).command).toBe(
      'npx dsh test s --mode refresh',
    )
  })
})
