// The one plan both front ends judge from: who writes each surface, what a file that `-u` does
// not rewrite says about it, and the log-count rule.
import { describe, expect, it } from 'vitest'
import type { ExpectedFixtures } from './fixtures.ts'
import { planJudgement } from './judge-plan.ts'
import type { NormalizedRun } from './normalize/run.ts'

const file = (scenario: string, name: string, text: string | undefined) => ({
  file: `scenarios/${scenario}/${name}`,
  absolute: `/repo/scenarios/${scenario}/${name}`,
  text,
})
const header = { turn: 1, step: 1, model: 'm', reason: 'initial', system: 'You are dsh.', tools: [] }

function plan(expected: Partial<ExpectedFixtures>, run: Partial<NormalizedRun>) {
  return planJudgement({
    scenario: 's',
    dir: '/repo/scenarios/s',
    expected: { golden: file('s', 'stdout.golden.jsonl', 'a\n'), logs: [], logsReadOnly: false, ...expected },
    run: { transcript: ['a'], sessionLogs: [], headers: [], context: undefined as never, ...run },
  })
}

describe('planJudgement', () => {
  it('plans the golden as a snapshot, the logs as the model script and a member’s sidecars as its pin’s', () => {
    const { surfaces, logCount, staleLogs } = plan(
      {
        logs: [file('s', 'session.jsonl', 'L\n')],
        header: {
          pin: 'p',
          ownsSidecars: { system: false, tools: true },
          system: file('p', 'system-prompt.expected.md', 'You are dsh.\n'),
          tools: file('s', 'tool-schemas.expected.json', '[]\n'),
        },
      },
      { sessionLogs: ['L\n'], headers: [[header]] },
    )
    expect(logCount).toBeUndefined()
    expect(staleLogs).toEqual([])
    expect(surfaces.map((s) => [s.kind, s.target.file, s.owner, s.actual])).toEqual([
      ['transcript', 'scenarios/s/stdout.golden.jsonl', 'snapshot', 'a\n'],
      ['session-log', 'scenarios/s/session.jsonl', 'recording', 'L\n'],
      ['sidecar', 'scenarios/p/system-prompt.expected.md', 'elsewhere', 'You are dsh.\n'],
      ['sidecar', 'scenarios/s/tool-schemas.expected.json', 'snapshot', '[]\n'],
    ])
    expect(surfaces[1]!.note).toBe(
      'scenarios/s/session.jsonl is the model script, so -u never rewrites it; if the change is intended: ' +
        'npx dsh test s --mode refresh',
    )
    expect(surfaces[2]).toMatchObject({
      pin: 'p',
      note:
        'scenarios/p/system-prompt.expected.md belongs to the pin p; if the change is intended: npx dsh test p ' +
        '--mode refresh',
    })
  })

  it('plans the logs of a new session at their new names, and the logs no longer opened as stale', () => {
    const more = plan({ logs: [file('s', 'session.jsonl', 'L\n')] }, { sessionLogs: ['L\n', 'M\n'] })
    expect(more.logCount).toEqual({
      message:
        'scenario s: the run produced 2 session logs, the fixtures hold 1 (scenarios/s/session.jsonl); ' +
        'the recorded model script no longer fits the run',
      recorded: true,
    })
    expect(more.surfaces.map((s) => s.target.absolute)).toContain('/repo/scenarios/s/session.1.jsonl')
    const fewer = plan(
      { logs: [file('s', 'session.jsonl', 'L\n'), file('s', 'session.1.jsonl', 'M\n')] },
      {
        sessionLogs: ['L\n'],
      },
    )
    expect(fewer.staleLogs.map((log) => log.file)).toEqual(['scenarios/s/session.1.jsonl'])
  })

  it('plans borrowed logs as read only, and none at all when their count is wrong', () => {
    const borrowed = plan({ logs: [file('src', 'session.jsonl', 'L\n')], logsReadOnly: true }, { sessionLogs: ['L\n'] })
    expect(borrowed.surfaces[1]).toMatchObject({
      owner: 'elsewhere',
      note: 'scenarios/src/session.jsonl belongs to the session source and is only read here',
    })
    const wrong = plan({ logs: [file('src', 'session.jsonl', 'L\n')], logsReadOnly: true }, { sessionLogs: [] })
    expect(wrong.logCount?.recorded).toBe(false)
    expect(wrong.logCount?.message).toMatch(/fix input\.json$/)
    expect(wrong.surfaces.map((s) => s.kind)).toEqual(['transcript'])
    expect(wrong.staleLogs).toEqual([])
  })

  it('names the pin in a tool drift against its sidecar, and not when the scenario pins its own', () => {
    const withTool = { ...header, tools: [{ name: 'mcp__notes__shout', description: 'd', parameters: {} }] }
    const drift = (owns: boolean) =>
      plan(
        {
          header: {
            pin: owns ? 's' : 'p',
            ownsSidecars: { system: owns, tools: owns },
            system: file(owns ? 's' : 'p', 'system-prompt.expected.md', 'You are dsh.\n'),
            tools: file(owns ? 's' : 'p', 'tool-schemas.expected.json', '[]\n'),
          },
        },
        { headers: [[withTool]] },
      ).surfaces.at(-1)!.drift
    expect(drift(false)).toMatch(/ differ from scenarios\/p\/tool-schemas\.expected\.json, which the pin p keeps /)
    expect(drift(false)).toContain('"mcp__notes__shout" added')
    expect(drift(true)).toMatch(/differ from tool-schemas\.expected\.json: "mcp__notes__shout" added; the model script/)
  })
})
