import { describe, expect, it } from 'vitest'
import type { NormalizedRun } from './normalize/run.ts'
import { assessRun } from './assess.ts'
import type { ExpectedFixtures } from './fixtures.ts'
import type { RunMode } from '../model/modes.ts'
import { planJudgement } from './judge-plan.ts'
import { failureMessages } from '../model/failure.ts'

const file = (name: string, text: string | undefined) => ({
  file: `scenarios/s/${name}`,
  absolute: `/repo/scenarios/s/${name}`,
  text,
})
const header = { turn: 1, step: 1, model: 'm', reason: 'initial', system: 'You are dsh.', tools: [] }

type Overrides = { mode?: RunMode; expected?: Partial<ExpectedFixtures>; run?: Partial<NormalizedRun> }
type Input = Parameters<typeof planJudgement>[0] & { mode: RunMode }

/** The CLI's verdict: the judge plan, assessed in the given mode. */
function assess(given: Input) {
  return assessRun(given.scenario, planJudgement(given), given.mode)
}

function input(overrides: Overrides): Input {
  return {
    scenario: 's',
    dir: '/repo/scenarios/s',
    mode: overrides.mode ?? 'replay',
    expected: {
      golden: file('stdout.golden.jsonl', 'a\n'),
      logs: [file('session.jsonl', 'L0\n')],
      logsReadOnly: false,
      ...overrides.expected,
    },
    run: { transcript: ['a'], sessionLogs: ['L0\n'], headers: [[]], context: undefined as never, ...overrides.run },
  }
}

describe('assessRun', () => {
  it('passes a run equal to its fixtures and writes nothing', () => {
    expect(assess(input({}))).toEqual({ failures: [], writes: [], deletes: [] })
  })

  it('in replay mode reports a changed transcript with a diff and the refresh command', () => {
    const { failures, writes } = assess(input({ run: { transcript: ['b'] } }))
    expect(writes).toEqual([])
    expect(failures).toEqual([
      {
        kind: 'surface',
        scenario: 's',
        file: 'scenarios/s/stdout.golden.jsonl',
        surface: 'transcript',
        expected: 'a\n',
        actual: 'b\n',
        message: expect.stringMatching(
          /scenarios\/s\/stdout\.golden\.jsonl differs[\s\S]*-a\n\+b[\s\S]*--mode refresh/,
        ),
      },
    ])
  })

  it('in refresh mode rewrites the golden and logs, and deletes logs of sessions no longer opened', () => {
    const result = assess(
      input({
        mode: 'refresh',
        expected: { logs: [file('session.jsonl', 'old\n'), file('session.1.jsonl', 'gone\n')] },
        run: { transcript: ['b'], sessionLogs: ['new\n'] },
      }),
    )
    expect(result.failures).toEqual([])
    expect(result.writes.map((w) => [w.file, w.text])).toEqual([
      ['scenarios/s/stdout.golden.jsonl', 'b\n'],
      ['scenarios/s/session.jsonl', 'new\n'],
    ])
    expect(result.deletes.map((d) => d.file)).toEqual(['scenarios/s/session.1.jsonl'])
  })

  it('never rewrites logs borrowed from another scenario (session.source)', () => {
    const result = assess(
      input({ mode: 'refresh', expected: { logsReadOnly: true }, run: { sessionLogs: ['changed\n'] } }),
    )
    expect(result.writes).toEqual([])
    expect(failureMessages(result.failures)).toEqual([expect.stringContaining('scenarios/s/session.jsonl differs')])
  })

  it('writes the sidecars a pin owns and checks a class member against them', () => {
    const sidecars = {
      pin: 'p',
      system: file('system-prompt.expected.md', 'Old prompt\n'),
      tools: file('tool-schemas.expected.json', '[]\n'),
    }
    const pin = assess(
      input({
        mode: 'refresh',
        expected: { header: { ...sidecars, ownsSidecars: { system: true, tools: true } } },
        run: { headers: [[header]] },
      }),
    )
    expect(pin.writes.map((w) => [w.file, w.text])).toEqual([
      ['scenarios/s/system-prompt.expected.md', 'You are dsh.\n'],
    ])
    const member = assess(
      input({
        mode: 'refresh',
        expected: { header: { ...sidecars, ownsSidecars: { system: false, tools: false } } },
        run: { headers: [[header]] },
      }),
    )
    expect(member.writes).toEqual([])
    expect(failureMessages(member.failures)).toEqual([
      expect.stringContaining('scenarios/s/system-prompt.expected.md differs'),
    ])
  })

  it('reports a run that opened a different number of sessions than the fixtures hold', () => {
    const { failures } = assess(input({ run: { sessionLogs: ['L0\n', 'L1\n'] } }))
    expect(failureMessages(failures)).toEqual([
      expect.stringContaining('the run produced 2 session logs, the fixtures hold 1 (scenarios/s/session.jsonl)'),
    ])
  })

  it('fails a wrong log count of borrowed logs in every mode, since no rewrite of this scenario settles it', () => {
    for (const mode of ['replay', 'refresh'] as const) {
      const { failures, writes } = assess(
        input({ mode, expected: { logsReadOnly: true }, run: { sessionLogs: ['L0\n', 'L1\n'] } }),
      )
      expect(failureMessages(failures)).toEqual([
        expect.stringMatching(/the run produced 2 session logs.*; fix input\.json$/),
      ])
      expect(writes).toEqual([])
    }
  })
})
