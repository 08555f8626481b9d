// Where a fork cuts its parent's log (fork-cut.ts): after a finished turn, before the next prompt, without
// the parent's call records and connection facts; a point past the end is a named refusal.
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../session/events.ts'
import { cutForFork } from './fork-cut.ts'

let seq = 0
const event = (type: string, data: Record<string, unknown>) => ({ seq: ++seq, time: seq, type, data }) as SessionEvent
const turn = (n: number, ended = true) => [
  event('user/message', { turn: n, messageId: `m${n}`, content: [] }),
  event('turn/start', { turn: n }),
  event('model/request', { turn: n, step: 1, attempt: 1, purpose: 'turn', maxTokens: null }),
  event('assistant/chunk', { turn: n, step: 1, chunk: { type: 'text-delta', text: 'x' } }),
  event('assistant/message', { turn: n, step: 1, messageId: `a${n}`, text: 'x', toolCalls: [] }),
  ...(ended ? [event('turn/end', { turn: n, reason: 'end_turn' })] : []),
]

describe('cutForFork', () => {
  const log = [
    event('session/directories', { additionalDirectories: ['/x'] }),
    ...turn(1),
    event('mode/change', { modeId: 'plan' }),
    ...turn(2),
    event('session/resume', { cwd: '/p' }),
    ...turn(3, false),
  ]

  it('takes every event before the next prompt, without call records or connection facts', () => {
    const cut = cutForFork('p', log, 1)
    expect(cut.turn).toBe(1)
    expect(cut.seq).toBe(log[7]!.seq)
    expect(cut.copied.map((e) => e.type)).toEqual([
      'user/message',
      'turn/start',
      'assistant/message',
      'turn/end',
      'mode/change',
    ])
  })

  it('defaults to the last finished turn, leaving a running one out; turn 0 takes what came before any prompt', () => {
    const cut = cutForFork('p', log)
    expect(cut.turn).toBe(2)
    expect(cut.copied.filter((e) => e.type === 'user/message')).toHaveLength(2)
    expect(cut.copied.some((e) => e.type === 'session/resume')).toBe(false)
    expect(cutForFork('p', log, 0)).toEqual({ turn: 0, seq: 1, copied: [] })
    expect(cutForFork('p', [])).toEqual({ turn: 0, seq: 0, copied: [] })
  })

  it('refuses a turn past the last finished one, saying which turns can be forked at', () => {
    expect(() => cutForFork('p', log, 3)).toThrow(/^session\/fork: turn 3 is past the end of session "p", /)
    expect(() => cutForFork('p', log, 3)).toThrow(/, whose last finished turn is 2; fork at a turn from 0 to 2/)
    expect(() => cutForFork('p', log, 3)).toThrow(/turn 3 is still running/)
    expect(() => cutForFork('p', [], 1)).toThrow(/last finished turn is 0/)
  })
})
