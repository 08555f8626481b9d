// Every recorded chunk is checked at load; the common text and reasoning deltas by hand, the
// rest by zod. Both must accept and refuse the same events, with zod's words for a refusal.
import { describe, expect, it } from 'vitest'
import { loadFixtures } from './fixtures.ts'

const header = '{"type":"session","version":1,"id":"{{session:1}}","cwd":"{{cwd}}"}'
const lines = (...events: object[]) => `${[header, ...events.map((event) => JSON.stringify(event))].join('\n')}\n`
const chunkEvent = (data: unknown) => ({ type: 'assistant/chunk', data })
const step = (turn: number, stepNo: number) => [
  { type: 'turn/start', data: { turn } },
  { type: 'step/start', data: { turn, step: stepNo } },
]
const load = (text: string) => loadFixtures({ scenario: 's', sessions: [{ file: 'log.jsonl' }] }, () => text)

describe('recorded chunk checks', () => {
  it('accept plain text and reasoning deltas', () => {
    const [session] = load(
      lines(
        ...step(1, 1),
        chunkEvent({ turn: 1, step: 1, chunk: { type: 'reasoning-delta', text: 'hm' } }),
        chunkEvent({ turn: 1, step: 1, chunk: { type: 'text-delta', text: '' } }),
        chunkEvent({ turn: 1, step: 1, chunk: { type: 'finish', reason: 'stop' } }),
      ),
    )
    expect(session?.script[0]?.entry).toEqual({
      kind: 'chunks',
      chunks: [
        { type: 'reasoning-delta', text: 'hm' },
        { type: 'text-delta', text: '' },
        { type: 'finish', reason: 'stop' },
      ],
    })
  })

  it.each([
    ['an extra key in the chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'a', extra: 1 } }],
    ['an extra key in the data', { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'a' }, note: 'x' }],
    ['a text that is no string', { turn: 1, step: 1, chunk: { type: 'text-delta', text: 5 } }],
    ['turn 0', { turn: 0, step: 1, chunk: { type: 'text-delta', text: 'a' } }],
    ['a fractional step', { turn: 1, step: 1.5, chunk: { type: 'reasoning-delta', text: 'a' } }],
    ['a missing step', { turn: 1, chunk: { type: 'text-delta', text: 'a' } }],
  ])('refuse %s, naming the line', (_what, data) => {
    // A wrong type fails the shared reader's schema (session/log-format.ts); a closed-object fault, replay's.
    expect(() => load(lines(...step(1, 1), chunkEvent(data)))).toThrow(
      /^log\.jsonl:4: (invalid assistant\/chunk event|event "assistant\/chunk" has invalid data): /,
    )
  })
})
