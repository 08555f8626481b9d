// subagentSessions on hand-made traces: the announcement rule, own updates, end and seen states.
import { describe, expect, it } from 'vitest'
import type { CaseCheck } from './case-schema.ts'
import { subagentSessions } from './subagent-checks.ts'
import { type CaseTrace, emptyTrace } from './trace.ts'

const note = (sessionId: string, update: object) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId, update },
})
const announce = (child: string, state: string, title?: string) =>
  note('s', { sessionUpdate: 'subagent_update', sessionId: child, state: { state }, ...(title ? { title } : {}) })
const text = (sessionId: string) => note(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text' } })

function traceOf(messages: object[]): CaseTrace {
  const trace = emptyTrace('/cwd')
  trace.sessions.set('s1', 's')
  trace.wire = messages.map((message, index) => ({
    seq: index + 1,
    at: 0,
    dir: 'in',
    message: message as Record<string, unknown>,
  }))
  return trace
}

type Check = Extract<CaseCheck, { check: 'subagentSessions' }>

const good = [announce('c', 'running', 'Child'), text('c'), announce('c', 'requires_action'), announce('c', 'idle')]

describe('subagentSessions', () => {
  it('passes children announced before their own traffic that end as expected', () => {
    const check: Check = { check: 'subagentSessions', end: ['idle'], seen: ['requires_action'] }
    expect(subagentSessions(check, traceOf(good))).toBeUndefined()
  })

  it('fails a message naming a child before its announcement, and an announcement without a title', () => {
    const problem = subagentSessions({ check: 'subagentSessions' }, traceOf([text('c'), announce('c', 'running')]))
    expect(problem).toMatch(/#1 session\/update names "c", which no subagent_update announced before it/)
    expect(problem).toMatch(/announcing "c" must carry a title and a state/)
  })

  it('fails a child with no updates of its own, the wrong end state, an unseen state, too few children', () => {
    const trace = traceOf([announce('c', 'running', 'Child')])
    const check: Check = { check: 'subagentSessions', min: 2, end: ['idle'], seen: ['requires_action'] }
    const problem = subagentSessions(check, trace)
    expect(problem).toMatch(/^4 problems/)
    expect(problem).toMatch(/1 child session announced with subagent_update; want 2/)
    expect(problem).toMatch(/sent no update under its own session id/)
    expect(problem).toMatch(/ended in state "running"; want one of "idle"/)
  })
})
