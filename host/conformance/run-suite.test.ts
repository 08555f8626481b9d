import { describe, expect, it } from 'vitest'
import type { CaseResult } from './report.ts'
import type { runCase } from './run-case.ts'
import { runSuite } from './run-suite.ts'
import type { PlannedCase } from './select.ts'

type CaseOutcome = Awaited<ReturnType<typeof runCase>>
type SuiteRunOptions = Parameters<typeof runSuite>[1]

const planned: PlannedCase[] = ['a', 'b', 'c', 'd'].map((id, i) => ({
  required: true,
  case: {
    id,
    order: i + 1,
    file: `cases/00${i + 1}-${id}.json`,
    data: { title: id, spec: ['R1'], steps: [], checks: [{ check: 'protocolVersion' }] },
  },
}))

/** Options whose runOne fakes each case: `gone` false leaves a process behind. */
function options(
  signal: AbortSignal,
  behave: (id: string) => Partial<Pick<CaseOutcome, 'agentNotStarted' | 'authRequired'>> & {
    gone?: boolean
    abort?: () => void
  } = () => ({}),
  jobs = 1,
): SuiteRunOptions {
  return {
    agent: { command: 'unused', args: [], env: {} },
    permissionMode: 'approve-all',
    env: {},
    signal,
    jobs,
    runOne: async (item): Promise<CaseOutcome> => {
      const how = behave(item.case.id)
      how.abort?.()
      await new Promise((r) => setTimeout(r, 5))
      const result: CaseResult = {
        id: item.case.id,
        file: item.case.file,
        title: item.case.data.title,
        spec: [],
        required: true,
        status: 'pass',
        durationMs: 5,
        failures: [],
        warnings: [],
      }
      const stops = {
        ...(how.agentNotStarted ? { agentNotStarted: how.agentNotStarted } : {}),
        ...(how.authRequired ? { authRequired: how.authRequired } : {}),
      }
      return {
        result: { ...result, status: how.authRequired ? 'fail' : 'pass' },
        processesGone: how.gone ?? true,
        ...stops,
      }
    },
  }
}

describe('runSuite', () => {
  it('launches nothing after a case whose agent could not be verified gone', async () => {
    const { results, stoppedEarly } = await runSuite(
      planned,
      options(new AbortController().signal, (id) => ({ gone: id !== 'b' })),
    )
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['a', 'pass'],
      ['b', 'pass'],
      ['c', 'not-run'],
      ['d', 'not-run'],
    ])
    expect(stoppedEarly).toBe(
      'not launched: the agent of case b could not be verified gone, and a leftover process could disturb later cases',
    )
    expect(results[2]!.reason).toBe(stoppedEarly)
  })

  it('stops launching when interrupted, and keeps the planned order with several jobs', async () => {
    const controller = new AbortController()
    const { results } = await runSuite(
      planned,
      options(controller.signal, (id) => ({ abort: id === 'b' ? () => controller.abort('SIGTERM') : undefined }), 2),
    )
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['a', 'pass'],
      ['b', 'pass'],
      ['c', 'not-run'],
      ['d', 'not-run'],
    ])
    expect(results[3]!.reason).toBe('interrupted by SIGTERM before it started')
  })

  it('launches nothing after a case whose agent asked for authentication, and keeps its methods', async () => {
    const methods = [{ id: 'token' }]
    const { results, stoppedEarly, authMethods } = await runSuite(
      planned,
      options(new AbortController().signal, (id) =>
        id === 'a'
          ? {
              authRequired: { reason: 'the agent needs authentication: …', methods },
              agentNotStarted: 'could not start',
            }
          : {},
      ),
    )
    expect(results.map((r) => r.status)).toEqual(['fail', 'not-run', 'not-run', 'not-run'])
    expect(stoppedEarly).toBe('the agent needs authentication: …')
    expect(authMethods).toEqual(methods)
  })
})
