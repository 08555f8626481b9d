import { describe, expect, it } from 'vitest'
import type { HistoryEvent } from '../session/history.ts'
import { closeInterruptedTurn, describeTornTail, INTERRUPTED_CALL_OUTPUT } from './interrupted.ts'

const ev = (type: string, data: Record<string, unknown>) => ({ type, data }) as HistoryEvent
const call = (id: string) => ({ id, name: 'bash', arguments: `{"command":"${id}"}` })
const finishedTurn = [
  ev('user/message', { turn: 1, messageId: 'm1', content: [] }),
  ev('turn/start', { turn: 1 }),
  ev('step/start', { turn: 1, step: 1 }),
  ev('assistant/message', { turn: 1, step: 1, messageId: 'a1', text: 'hi', toolCalls: [] }),
  ev('step/end', { turn: 1, step: 1 }),
  ev('turn/end', { turn: 1, reason: 'end_turn' }),
]
const secondTurnUpToCalls = [
  ev('user/message', { turn: 2, messageId: 'm2', content: [] }),
  ev('turn/start', { turn: 2 }),
  ev('step/start', { turn: 2, step: 1 }),
  ev('assistant/message', { turn: 2, step: 1, messageId: 'a2', text: '', toolCalls: [call('c1'), call('c2')] }),
]
const result = (callId: string) => ({
  type: 'tool/result',
  data: { turn: 2, step: 1, callId, output: INTERRUPTED_CALL_OUTPUT, isError: true },
})
const closeTurn2 = [
  { type: 'step/end', data: { turn: 2, step: 1 } },
  { type: 'turn/end', data: { turn: 2, reason: 'cancelled' } },
]

describe('closeInterruptedTurn', () => {
  it('adds nothing to a log whose last turn ended', () => {
    expect(closeInterruptedTurn(finishedTurn)).toEqual([])
    expect(closeInterruptedTurn([])).toEqual([])
  })

  it('ends a turn killed while the model streamed', () => {
    const events = [...finishedTurn, ...secondTurnUpToCalls.slice(0, 3)]
    expect(closeInterruptedTurn(events)).toEqual(closeTurn2)
  })

  it('gives every call without a result an "interrupted" result, the running one included', () => {
    const events = [
      ...finishedTurn,
      ...secondTurnUpToCalls,
      ev('tool/call', { turn: 2, step: 1, callId: 'c1', name: 'bash', arguments: '{}' }),
      ev('tool/call', { turn: 2, step: 1, callId: 'c2', name: 'bash', arguments: '{}' }),
      ev('tool/start', { turn: 2, step: 1, callId: 'c1' }),
    ]
    expect(closeInterruptedTurn(events)).toEqual([result('c1'), result('c2'), ...closeTurn2])
  })

  it('logs the calls a kill cut off between the assistant message and their tool/call events', () => {
    expect(closeInterruptedTurn([...finishedTurn, ...secondTurnUpToCalls])).toEqual([
      { type: 'tool/call', data: { turn: 2, step: 1, callId: 'c1', name: 'bash', arguments: '{"command":"c1"}' } },
      { type: 'tool/call', data: { turn: 2, step: 1, callId: 'c2', name: 'bash', arguments: '{"command":"c2"}' } },
      result('c1'),
      result('c2'),
      ...closeTurn2,
    ])
  })

  it('answers an open permission question as cancelled and keeps results already written', () => {
    const events = [
      ...secondTurnUpToCalls,
      ev('tool/call', { turn: 2, step: 1, callId: 'c1', name: 'bash', arguments: '{}' }),
      ev('tool/call', { turn: 2, step: 1, callId: 'c2', name: 'bash', arguments: '{}' }),
      ev('tool/result', { turn: 2, step: 1, callId: 'c1', output: 'ok', isError: false }),
      ev('permission/request', { callId: 'c2', approvalId: 'p1', options: [] }),
    ]
    expect(closeInterruptedTurn(events)).toEqual([
      { type: 'permission/outcome', data: { approvalId: 'p1', outcome: { outcome: 'cancelled' } } },
      result('c2'),
      ...closeTurn2,
    ])
  })
})

describe('describeTornTail', () => {
  it('names the session, the line, its bytes and how it began', () => {
    const text = `{"seq":9,"data":{"text":"${'✓'.repeat(100)}\uFFFD`
    expect(describeTornTail('s1', { line: 12, validBytes: 400, text })).toBe(
      `session s1: dropped the half-written last line 12 of its log (${Buffer.byteLength(text)} bytes, starting ` +
        `${JSON.stringify(text.slice(0, 60))}); an agent was killed while writing it, so it was never part of the ` +
        'session',
    )
  })
})
