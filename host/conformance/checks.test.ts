// The conformance checks on hand-built traces: initialize and session, stop reasons and errors,
// client and workspace; the update-stream checks are update-checks.test.ts.
import { describe, expect, it } from 'vitest'
import { answerPermission } from './permissions.ts'
import { builder, check, failed, ok } from './test-support/trace-builder.ts'

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

  it("quotes the error's data, where an agent often puts the real cause", () => {
    const b = builder()
    b.end(b.step('prompt', 'p1'), {
      kind: 'error',
      error: { code: -32603, message: 'Internal error', data: { details: 'model quota exceeded' } },
    })
    expect(check({ check: 'stopReason', prompt: 'p1', in: ['end_turn'] }, b.trace)).toBe(
      'steps[0] (prompt "p1") failed with -32603: Internal error (data: {"details":"model quota exceeded"}); ' +
        'expected stopReason "end_turn"',
    )
    expect(check({ check: 'error', step: 'p1', codes: [-32602] }, b.trace)).toBe(
      'steps[0] (prompt "p1") failed with -32603: Internal error (data: {"details":"model quota exceeded"}); ' +
        'expected code -32602',
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
      /^steps\[0\] \(newSession "bad"\) failed with -32602: session\/new: "cwd" must .*; expected code -32600$/,
    )
    expect(check({ check: 'error', step: 'bad', codes: [-32602], words: ['sessionId'] }, b.trace)).toMatch(
      /error message .* does not mention "sessionId"$/,
    )
    expect(check({ check: 'error', step: 'fine', codes: [-32602] }, b.trace)).toBe(
      'steps[1] (prompt "fine") succeeded with {"stopReason":"end_turn"}; expected an error with code -32602',
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
