// The committed order of a run's logs: first mention in the messages to the client (a string value
// or key, in document order), then createdAt, then id.
import { describe, expect, it } from 'vitest'
import { inFixtureOrder } from './log-order.ts'

const log = (id: string, createdAt = 1) => ({ header: { type: 'session', id, createdAt }, events: [] })

describe('inFixtureOrder', () => {
  it('orders logs by the first message naming their session, wherever in it', () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, result: { sessionId: 'b' } },
      { jsonrpc: '2.0', id: 2, result: { sessions: [{ note: 'c' }, { sessionId: 'a' }] } },
    ]
    expect(inFixtureOrder([log('a'), log('b'), log('c')], messages).map((l) => l.header.id)).toEqual(['b', 'c', 'a'])
  })

  it('puts unnamed sessions last, by createdAt then id, and never changes the list it is given', () => {
    const given = [log('z', 5), log('y', 5), log('x', 9), log('w', 2)]
    const ordered = inFixtureOrder(given, [{ jsonrpc: '2.0', method: 'm', params: { x: true } }])
    expect(ordered.map((l) => l.header.id)).toEqual(['x', 'w', 'y', 'z'])
    expect(given.map((l) => l.header.id)).toEqual(['z', 'y', 'x', 'w'])
  })

  it("puts subagents' logs after the sessions: by parent, then the spawning call's turn, step, index", () => {
    const child = (id: string, parentSession: string, turn: number, step: number, call: number, createdAt = 1) => ({
      header: { type: 'session', id, createdAt, parentSession, spawn: { turn, step, call } },
      events: [],
    })
    const logs = [
      child('c3', 'b', 1, 1, 0, 0),
      child('c2', 'a', 2, 1, 0, 0),
      child('c1', 'a', 1, 2, 1, 3),
      child('c0', 'a', 1, 2, 0, 9),
      child('g0', 'c0', 1, 1, 0, 0),
      log('b', 2),
      log('a', 1),
    ]
    const messages = [{ jsonrpc: '2.0', id: 1, result: { sessionId: 'c3', other: 'a' } }]
    expect(inFixtureOrder(logs, messages).map((l) => l.header.id)).toEqual(['a', 'b', 'c0', 'c1', 'c2', 'c3', 'g0'])
  })
})
