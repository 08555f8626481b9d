import { describe, expect, it } from 'vitest'
import type { CaseCheck } from './case-schema.ts'
import { evaluateCheck } from './checks.ts'
import { windowText } from './update-window.ts'
import { answerPermission } from './permissions.ts'
import type { RequestOutcome } from '../../lib/acp-script/outcome.ts'
import { stepLabel } from '../../lib/acp-script/describe.ts'
import { emptyTrace, updatesOf, type CaseTrace, type StepRecord } from './trace.ts'

/** A hand-built trace: steps and wire messages share one counter, as in a real run. */
function builder() {
  const trace = emptyTrace('/work/case')
  let seq = 0
  let rpcId = 0
  const wire = (dir: 'in' | 'out', message: Record<string, unknown>) =>
    trace.wire.push({ seq: ++seq, at: seq * 10, dir, message })
  return {
    trace,
    step(op: StepRecord['op'], as?: string, extra: Partial<StepRecord> = {}) {
      const index = trace.steps.length
      const label = stepLabel(index, op, as)
      const record: StepRecord = { index, op, ...(as ? { as } : {}), label, startSeq: ++seq, ...extra }
      trace.steps.push(record)
      return record
    },
    end(record: StepRecord, outcome?: RequestOutcome) {
      record.endSeq = ++seq
      if (outcome) record.outcome = outcome
    },
    session(name: string, id: string) {
      trace.sessions.set(name, id)
    },
    update(sessionId: string, update: Record<string, unknown>) {
      wire('in', { jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } })
    },
    chunk(sessionId: string, text: string, kind = 'agent_message_chunk') {
      this.update(sessionId, { sessionUpdate: kind, content: { type: 'text', text } })
    },
    /** A session/prompt request on the wire; returns a function that answers it. */
    promptRequest(sessionId: string) {
      const id = ++rpcId
      wire('out', { jsonrpc: '2.0', id, method: 'session/prompt', params: { sessionId, prompt: [] } })
      return (stopReason = 'end_turn') => wire('in', { jsonrpc: '2.0', id, result: { stopReason } })
    },
  }
}

const check = (c: CaseCheck, trace: CaseTrace) => evaluateCheck(c, trace)
const ok = (result: unknown): RequestOutcome => ({ kind: 'ok', result })
const failed = (code: number, message: string): RequestOutcome => ({ kind: 'error', error: { code, message } })

describe('initialize and session checks', () => {
  it('protocolVersion must be an integer', () => {
    const { trace } = builder()
    expect(check({ check: 'protocolVersion' }, trace)).toBe('initialize never answered')
    trace.initialize = ok({ protocolVersion: 1 })
    expect(check({ check: 'protocolVersion' }, trace)).toBeUndefined()
    trace.initialize = ok({ protocolVersion: '1' })
    expect(check({ check: 'protocolVersion' }, trace)).toBe(
      'initialize answered protocolVersion "1"; it must be an integer (e.g. 1)',
    )
  })

  it('sessionId must be non-empty and differ from the sessions named', () => {
    const b = builder()
    b.end(b.step('newSession', 's1', { sessionId: '' }), ok({ sessionId: '' }))
    b.session('s1', '')
    expect(check({ check: 'sessionId', session: 's1' }, b.trace)).toBe(
      'session/new for "s1" answered sessionId ""; it must be a non-empty string',
    )
    b.session('s1', 'abc')
    b.session('s2', 'abc')
    expect(check({ check: 'sessionId', session: 's2', differentFrom: ['s1'] }, b.trace)).toBe(
      'session "s2" got the id "abc", the same as "s1"; every session needs its own id',
    )
    b.session('s2', 'def')
    expect(check({ check: 'sessionId', session: 's2', differentFrom: ['s1'] }, b.trace)).toBeUndefined()
  })
})

describe('stop reasons and errors', () => {
  it('stopReason accepts a listed reason and explains anything else', () => {
    const b = builder()
    b.end(b.step('prompt', 'p1'), ok({ stopReason: 'end_turn' }))
    b.end(b.step('prompt', 'p2'), failed(-32603, 'model error'))
    expect(check({ check: 'stopReason', prompt: 'p1', in: ['end_turn'] }, b.trace)).toBeUndefined()
    expect(check({ check: 'stopReason', prompt: 'p1', in: ['cancelled'] }, b.trace)).toBe(
      'steps[0] (prompt "p1") ended with stopReason "end_turn"; expected "cancelled"',
    )
    expect(check({ check: 'stopReason', prompt: 'p2', in: ['end_turn', 'cancelled'] }, b.trace)).toBe(
      'steps[1] (prompt "p2") failed with -32603: model error; expected stopReason "end_turn", "cancelled"',
    )
  })

  it('error needs a listed code and every word (case-insensitive, {{cwd}} replaced)', () => {
    const b = builder()
    b.end(b.step('newSession', 'bad'), failed(-32602, 'session/new: "cwd" must be absolute, not /work/case/x'))
    b.end(b.step('prompt', 'fine'), ok({ stopReason: 'end_turn' }))
    expect(
      check({ check: 'error', step: 'bad', codes: [-32602], words: ['CWD', '{{cwd}}/x'] }, b.trace),
    ).toBeUndefined()
    expect(check({ check: 'error', step: 'bad', codes: [-32600] }, b.trace)).toMatch(
      /^steps\[0\] \(newSession "bad"\) failed with code -32602; expected -32600 \(message: /,
    )
    expect(check({ check: 'error', step: 'bad', codes: [-32602], words: ['sessionId'] }, b.trace)).toMatch(
      /error message .* does not mention "sessionId"$/,
    )
    expect(check({ check: 'error', step: 'fine', codes: [-32602] }, b.trace)).toBe(
      'steps[1] (prompt "fine") succeeded with {"stopReason":"end_turn"}; expected an error with code -32602',
    )
  })
})

describe('update checks', () => {
  /** Two sessions; p1 in s1 with split chunks and a tool call; p2 in s2 with one stray s1 update. */
  function twoSessions() {
    const b = builder()
    b.session('s1', 'id-1')
    b.session('s2', 'id-2')
    const p1 = b.step('prompt', 'p1', { sessionId: 'id-1' })
    const answer1 = b.promptRequest('id-1')
    b.chunk('id-1', 'hel')
    b.chunk('id-1', 'lo wor')
    b.chunk('id-1', 'ld')
    b.update('id-1', { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'read_file a.txt', status: 'pending' })
    b.update('id-1', { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' })
    b.update('id-1', {
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c1',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'file body' } }],
    })
    answer1()
    b.end(p1, ok({ stopReason: 'end_turn' }))
    const p2 = b.step('prompt', 'p2', { sessionId: 'id-2' })
    const answer2 = b.promptRequest('id-2')
    b.chunk('id-2', 'beta')
    b.chunk('id-1', 'stray')
    answer2()
    b.end(p2, ok({ stopReason: 'end_turn' }))
    return b
  }

  it('counts updates in a window, by session and kind', () => {
    const { trace } = twoSessions()
    expect(
      check({ check: 'updateCount', min: 6, max: 6, session: 's1', from: 'p1', through: 'p1' }, trace),
    ).toBeUndefined()
    expect(check({ check: 'updateCount', min: 2, session: 's2' }, trace)).toBe(
      'expected at least 2 updates for session s2, got 1 (kinds seen: "agent_message_chunk")',
    )
    expect(
      check(
        { check: 'updateCount', min: 0, max: 0, kind: 'agent_message_chunk', session: 's1', from: 'p2', through: 'p2' },
        trace,
      ),
    ).toBe(
      'expected at most 0 agent_message_chunk updates for session s1 from steps[1] (prompt "p2") through steps[1] ' +
        '(prompt "p2"), got 1',
    )
  })

  it('updatesNameSession lists the updates that name another session', () => {
    const { trace } = twoSessions()
    expect(check({ check: 'updatesNameSession' }, trace)).toBeUndefined()
    expect(check({ check: 'updatesNameSession', session: 's2', from: 'p2', through: 'p2' }, trace)).toMatch(
      /^1 of 2 updates from steps\[1\] .* do not name session s2 \("id-2"\): #\d+ agent_message_chunk names "id-1"$/,
    )
    trace.wire.push({
      seq: 99,
      at: 990,
      dir: 'in',
      message: {
        method: 'session/update',
        params: { sessionId: 'other', update: { sessionUpdate: 'plan', entries: [] } },
      },
    })
    expect(check({ check: 'updatesNameSession' }, trace)).toMatch(
      /^1 of 9 updates do not name a session created in this case \("id-1", "id-2"\): #99 plan names "other"$/,
    )
  })

  it('updateText joins chunks split across updates and reads tool content', () => {
    const { trace } = twoSessions()
    expect(windowText(updatesOf(trace).slice(0, 3))).toEqual(['hello world'])
    expect(
      check({ check: 'updateText', includes: 'lo world', session: 's1', kind: 'agent_message_chunk' }, trace),
    ).toBeUndefined()
    expect(check({ check: 'updateText', includes: 'file body', kind: 'tool_call_update' }, trace)).toBeUndefined()
    expect(
      check({ check: 'updateText', includes: 'file body', kind: 'agent_message_chunk', session: 's2' }, trace),
    ).toBe('no agent_message_chunk updates for session s2 include "file body"; their text was "beta"')
  })

  it('updateKinds and toolCalls', () => {
    const { trace } = twoSessions()
    expect(
      check({ check: 'updateKinds', include: ['tool_call', 'tool_call_update'], from: 'p1' }, trace),
    ).toBeUndefined()
    expect(check({ check: 'updateKinds', include: ['agent_thought_chunk'], session: 's1' }, trace)).toBe(
      'updates for session s1 lack "agent_thought_chunk"; kinds seen: "agent_message_chunk", "tool_call", ' +
        '"tool_call_update"',
    )
    expect(check({ check: 'toolCalls', end: ['completed'] }, trace)).toBeUndefined()
    expect(check({ check: 'toolCalls', end: ['failed'] }, trace)).toBe(
      'tool call "c1" ended completed; expected "failed"',
    )
    expect(check({ check: 'toolCalls', end: ['completed'], from: 'p2' }, trace)).toMatch(
      /^expected at least 1 tool_call update in updates from steps\[1\]/,
    )
  })

  it('noLateUpdates flags updates after the response and before the next prompt of that session', () => {
    const b = builder()
    b.session('s1', 'id-1')
    const p1 = b.step('prompt', 'p1', { sessionId: 'id-1' })
    const answer = b.promptRequest('id-1')
    b.chunk('id-1', 'in time')
    answer()
    b.end(p1, ok({ stopReason: 'end_turn' }))
    expect(check({ check: 'noLateUpdates', prompt: 'p1' }, b.trace)).toBeUndefined()
    b.chunk('id-2', 'another session')
    const p2 = b.step('prompt', 'p2', { sessionId: 'id-1' })
    b.promptRequest('id-1')
    b.chunk('id-1', 'belongs to p2')
    expect(check({ check: 'noLateUpdates', prompt: 'p1' }, b.trace)).toBeUndefined()
    b.trace.wire.splice(
      b.trace.wire.findIndex((e) => e.seq > p2.startSeq),
      0,
      {
        seq: p2.startSeq,
        at: 95,
        dir: 'in',
        message: {
          method: 'session/update',
          params: {
            sessionId: 'id-1',
            update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'late' } },
          },
        },
      },
    )
    expect(check({ check: 'noLateUpdates', prompt: 'p1' }, b.trace)).toMatch(
      new RegExp(
        String.raw`^1 update for the session of steps\[0\] \(prompt "p1"\) arrived after its response ` +
          String.raw`\(agent_message_chunk \+\d+ ms\); an agent must send every update`,
      ),
    )
  })
})

describe('client and workspace checks', () => {
  it('clientFile, workspaceFile and permissionRequests', () => {
    const { trace } = builder()
    trace.sessions.set('s1', 'id-1')
    trace.fileOps.push({
      seq: 1,
      op: 'read',
      sessionId: 'id-1',
      path: '/work/case/a.txt',
      relative: 'a.txt',
      outcome: 'ok',
    })
    trace.fileOps.push({ seq: 2, op: 'write', sessionId: 'id-1', path: '/etc/x', outcome: 'denied' })
    trace.workspace.set('out.txt', 'written by the agent')
    trace.workspace.set('gone.txt', undefined)
    trace.permissions.push({ seq: 3, sessionId: 'id-1', answer: 'allow_once' })
    expect(check({ check: 'clientFile', op: 'read', path: 'a.txt', outcome: 'ok' }, trace)).toBeUndefined()
    expect(check({ check: 'clientFile', op: 'write', path: 'a.txt', outcome: 'ok' }, trace)).toBe(
      'expected an fs/write_text_file of a.txt answered "ok", got 0; client file operations seen: "read a.txt → ' +
        'ok", "write /etc/x → denied"',
    )
    expect(check({ check: 'workspaceFile', path: 'out.txt', contains: 'by the agent' }, trace)).toBeUndefined()
    expect(check({ check: 'workspaceFile', path: 'out.txt', exists: false }, trace)).toBe(
      'out.txt exists in the case cwd but should not (content "written by the agent")',
    )
    expect(check({ check: 'workspaceFile', path: 'gone.txt' }, trace)).toBe('gone.txt does not exist in the case cwd')
    expect(check({ check: 'permissionRequests', min: 1, max: 1, session: 's1' }, trace)).toBeUndefined()
    expect(check({ check: 'permissionRequests', max: 0 }, trace)).toBe(
      'expected at most 0 permission requests, got 1 (answers: "allow_once")',
    )
  })

  it('answers permission requests with the one-time option of the mode, or cancels', () => {
    const options = [
      { optionId: 'a', name: 'Allow always', kind: 'allow_always' as const },
      { optionId: 'b', name: 'Allow', kind: 'allow_once' as const },
      { optionId: 'c', name: 'Reject always', kind: 'reject_always' as const },
    ]
    expect(answerPermission('approve-all', options)).toEqual({
      response: { outcome: { outcome: 'selected', optionId: 'b' } },
      answer: 'allow_once',
    })
    expect(answerPermission('deny-all', options)).toEqual({
      response: { outcome: { outcome: 'selected', optionId: 'c' } },
      answer: 'reject_always',
    })
    expect(answerPermission('deny-all', options.slice(0, 2))).toEqual({
      response: { outcome: { outcome: 'cancelled' } },
      answer: 'cancelled',
    })
  })
})
