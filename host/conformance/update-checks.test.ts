// The update-stream checks (update-checks.ts) on hand-built traces: counts in a window, updates
// naming another session, text, kinds and tool calls, and updates after a prompt's response.
import { describe, expect, it } from 'vitest'
import { builder, check, ok } from './test-support/trace-builder.ts'
import { updatesOf } from './trace.ts'
import { windowText } from './update-window.ts'

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
