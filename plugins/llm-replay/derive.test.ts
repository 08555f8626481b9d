import { describe, expect, it } from 'vitest'
import type { StreamChunk } from '../llm/types.ts'
import type { HistoryEvent } from '../session/history.ts'
import { deriveReplayScript } from './derive.ts'
import { buildEvents, stop, text, toolCallChunks } from './test-support/builders.ts'

const chunk = (turn: number, step: number, value: StreamChunk): HistoryEvent => ({
  type: 'assistant/chunk',
  data: { turn, step, chunk: value },
})

describe('deriveReplayScript', () => {
  it('makes one chunks entry per (turn, step), in order, with the recorded position', () => {
    const call = { id: '{{call:1}}', name: 'bash', arguments: '{"command":"ls"}' }
    const events = buildEvents([
      {
        prompt: 'list',
        steps: [
          { chunks: toolCallChunks(call), tools: [{ call, output: 'a.txt' }] },
          { chunks: [text('one '), text('file'), stop] },
        ],
      },
      { prompt: 'thanks', steps: [{ chunks: [text('welcome'), stop] }] },
    ])
    const script = deriveReplayScript(events)
    expect(script.map((item) => item.at)).toEqual([
      { turn: 1, step: 1 },
      { turn: 1, step: 2 },
      { turn: 2, step: 1 },
    ])
    expect(script[0]?.entry).toEqual({ kind: 'chunks', chunks: toolCallChunks(call) })
    expect(script[1]?.entry).toEqual({ kind: 'chunks', chunks: [text('one '), text('file'), stop] })
    expect(script.every((item) => item.source.from === 'log')).toBe(true)
  })

  it('orders groups by first appearance and gathers later chunks into their group', () => {
    const events = [chunk(2, 1, text('b1')), chunk(1, 3, text('a1')), chunk(2, 1, text('b2')), chunk(1, 3, stop)]
    const script = deriveReplayScript(events)
    expect(script.map((item) => item.at)).toEqual([
      { turn: 2, step: 1 },
      { turn: 1, step: 3 },
    ])
    expect(script[0]?.entry).toEqual({ kind: 'chunks', chunks: [text('b1'), text('b2')] })
    expect(script[1]?.entry).toEqual({ kind: 'chunks', chunks: [text('a1'), stop] })
  })

  it('keeps a group ending in finish{error} as a chunks entry, unchanged', () => {
    const errorFinish: StreamChunk = {
      type: 'finish',
      reason: 'error',
      error: { message: 'overloaded', code: 'HTTP_503', status: 503 },
    }
    const script = deriveReplayScript([chunk(1, 1, text('par')), chunk(1, 1, errorFinish)])
    expect(script).toHaveLength(1)
    expect(script[0]?.entry).toEqual({ kind: 'chunks', chunks: [text('par'), errorFinish] })
  })

  it('turns a group cut short by a cancel into its prefix followed by a hang', () => {
    const aborted: StreamChunk = { type: 'finish', reason: 'aborted' }
    const script = deriveReplayScript([chunk(1, 1, text('partial')), chunk(1, 1, aborted), chunk(2, 1, aborted)])
    expect(script.map((s) => s.entry)).toEqual([
      { kind: 'hang', chunks: [text('partial')] },
      { kind: 'hang', chunks: [] },
    ])
  })

  it('derives an empty script from a log without model chunks', () => {
    expect(deriveReplayScript([])).toEqual([])
    expect(
      deriveReplayScript([
        { type: 'turn/start', data: { turn: 1 } },
        { type: 'turn/end', data: { turn: 1, reason: 'cancelled' } },
      ]),
    ).toEqual([])
  })

  it('names the event when turn or step is not a positive integer', () => {
    expect(() =>
      deriveReplayScript([
        chunk(1, 1, stop),
        { type: 'assistant/chunk', data: { turn: '1', step: 1, chunk: stop } } as unknown as HistoryEvent,
      ]),
    ).toThrow(/event 2 \(assistant\/chunk\).*turn "1"/)
  })

  // How fast this runs is measured by `npm run bench`, not asserted here.
  it('derives 200k chunks into their groups, in order, losing none', () => {
    const events: HistoryEvent[] = []
    for (let i = 0; i < 200_000; i++) events.push(chunk(1 + (i >> 16), 1, text(String(i))))
    const script = deriveReplayScript(events)
    expect(script.map((item) => item.at)).toEqual([1, 2, 3, 4].map((turn) => ({ turn, step: 1 })))
    expect(script.map((item) => item.entry.kind === 'chunks' && item.entry.chunks.length)).toEqual([
      65536, 65536, 65536, 3392,
    ])
    const all = script.flatMap((item) => (item.entry.kind === 'chunks' ? item.entry.chunks : []))
    expect(all.every((value, i) => value.type === 'text-delta' && value.text === String(i))).toBe(true)
  })
})
