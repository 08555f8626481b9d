// Lane order: any interleaving of independent lanes gives one transcript; a swap inside a lane shows.
import { describe, expect, it } from 'vitest'
import { inLaneOrder } from './lanes.ts'

const update = (callId: string, status: string, sessionId = 's1') => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId, update: { sessionUpdate: 'tool_call_update', toolCallId: callId, status } },
})
const text = (words: string) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: words } } },
})
const ask = (callId: string) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'session/request_permission',
  params: { sessionId: 's1', toolCall: { toolCallId: callId }, options: [] },
})
const lines = (messages: readonly object[]) => inLaneOrder(messages).map((m) => JSON.stringify(m))

/** The one transcript that 200 seeded arrival orders give (fails when they give more than one). */
function onlyTranscript(messagesFor: (seed: number) => readonly object[]): string[] {
  const outcomes = new Set<string>()
  for (let seed = 1; seed <= 200; seed++) outcomes.add(lines(messagesFor(seed)).join('\n'))
  expect(outcomes.size).toBe(1)
  return [...outcomes][0]!.split('\n')
}

/** Every interleaving of the lanes that keeps each lane's own order (a seeded shuffle, many times). */
function interleave<T>(lanes: T[][], seed: number): T[] {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
  const cursors = lanes.map(() => 0)
  const out: T[] = []
  while (out.length < lanes.flat().length) {
    const open = lanes.map((_, index) => index).filter((index) => cursors[index]! < lanes[index]!.length)
    const pick = open[Math.floor(next() * open.length)]!
    out.push(lanes[pick]![cursors[pick]!++]!)
  }
  return out
}

describe('inLaneOrder', () => {
  const a = [update('a', 'in_progress'), update('a', 'progress-1'), ask('a'), update('a', 'completed')]
  const b = [update('b', 'in_progress'), update('b', 'progress-1'), update('b', 'completed')]
  const c = [update('c', 'in_progress', 's2'), update('c', 'completed', 's2')]

  it('gives one transcript for every interleaving of lanes that start in one order', () => {
    const only = onlyTranscript((seed) => {
      const [first, ...rest] = interleave([a.slice(1), b.slice(1), c.slice(1)], seed)
      return [text('go'), a[0]!, b[0]!, c[0]!, first!, ...rest, text('done')]
    })
    expect(only).toEqual(
      lines([
        text('go'),
        { lane: { sessionId: 's1', toolCallId: 'a' } },
        ...a,
        { lane: { sessionId: 's1', toolCallId: 'b' } },
        ...b,
        { lane: { sessionId: 's2', toolCallId: 'c' } },
        ...c,
        text('done'),
      ]),
    )
  })

  it('a swap of two messages inside one lane changes the transcript (the mutation is caught)', () => {
    const kept = lines([...a, ...b])
    const swapped = lines([a[0]!, a[2]!, a[1]!, a[3]!, ...b])
    expect(swapped).not.toEqual(kept)
    const swappedAcross = lines([a[0]!, b[0]!, a[1]!, b[1]!, a[2]!, b[2]!, a[3]!])
    expect(swappedAcross).toEqual(kept)
  })

  it('leaves a run with one lane as it is, without a marker, and never moves a message across text', () => {
    const messages = [update('a', 'in_progress'), text('between'), update('b', 'in_progress'), update('a', 'done')]
    expect(lines(messages)).toEqual([
      ...lines([update('a', 'in_progress'), text('between')]),
      JSON.stringify({ lane: { sessionId: 's1', toolCallId: 'b' } }),
      JSON.stringify(update('b', 'in_progress')),
      JSON.stringify({ lane: { sessionId: 's1', toolCallId: 'a' } }),
      JSON.stringify(update('a', 'done')),
    ])
    // Text and responses are in no lane: between two lanes they keep everything where it is.
    const response = { jsonrpc: '2.0', id: 3, result: { stopReason: 'end_turn' } }
    const fixed = [update('a', 'in_progress'), text('x'), update('b', 'in_progress'), response, update('a', 'done')]
    expect(lines(fixed)).toEqual(fixed.map((message) => JSON.stringify(message)))
  })
})

describe('inLaneOrder at scale', () => {
  it('lays out a call of 200k updates, beside another call, in order and without filling the stack', () => {
    const many = Array.from({ length: 200_000 }, (_, index) => update('a', `step ${index}`))
    const ordered = inLaneOrder([text('go'), ...many, update('b', 'completed'), text('done')])
    expect(ordered).toHaveLength(200_005)
    expect(ordered[1]).toEqual({ lane: { sessionId: 's1', toolCallId: 'a' } })
    expect(ordered.slice(2, 200_002)).toEqual(many)
    expect(ordered[200_002]).toEqual({ lane: { sessionId: 's1', toolCallId: 'b' } })
  })
})

describe('inLaneOrder with child sessions (a client with the subagents capability)', () => {
  const announce = (child: string, callId: string, state = 'running') => ({
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: 's1',
      update: {
        sessionUpdate: 'subagent_update',
        sessionId: child,
        state: { state },
        _meta: { 'dsh/toolCallId': callId },
      },
    },
  })
  const childText = (child: string, words: string) => ({
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: child,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: words } },
    },
  })
  const childAsk = (child: string, callId: string) => ({
    ...ask(callId),
    params: { ...ask(callId).params, sessionId: child },
  })
  const x = [
    announce('x', 'a'),
    childText('x', 'one'),
    update('x1', 'in_progress', 'x'),
    childAsk('x', 'x1'),
    childText('x', 'two'),
  ]
  const y = [announce('y', 'b'), childText('y', 'three'), childText('y', 'four'), announce('y', 'b', 'idle')]
  const calls = [update('a', 'in_progress'), update('b', 'in_progress')]
  const done = [update('a', 'completed'), update('b', 'completed')]

  it('gives one transcript for any interleaving of children, each after the call that spawned it', () => {
    const only = onlyTranscript((seed) => {
      // Which child announces itself first is timing too.
      const order = seed % 2 ? [x, y] : [y, x]
      return [text('go'), ...calls, ...interleave(order, seed), ...done, text('done')]
    })
    expect(only).toEqual(
      lines([
        text('go'),
        { lane: { sessionId: 's1', toolCallId: 'a' } },
        update('a', 'in_progress'),
        update('a', 'completed'),
        { lane: { sessionId: 'x' } },
        ...x,
        { lane: { sessionId: 's1', toolCallId: 'b' } },
        update('b', 'in_progress'),
        update('b', 'completed'),
        { lane: { sessionId: 'y' } },
        ...y,
        text('done'),
      ]),
    )
  })

  it("a swap inside one child's lane, even of its plain text, changes the transcript", () => {
    const kept = lines([...calls, ...x, ...y])
    expect(lines([...calls, x[0]!, x[4]!, x[2]!, x[3]!, x[1]!, ...y])).not.toEqual(kept)
    expect(lines([...calls, ...y, ...x])).toEqual(kept)
  })

  it("lays out a child's own parallel calls lane by lane inside its lane", () => {
    const own = [update('p', 'in_progress', 'x'), update('q', 'in_progress', 'x')]
    const first = lines([announce('x', 'a'), ...own, update('q', 'completed', 'x'), update('p', 'completed', 'x')])
    const second = lines([announce('x', 'a'), ...own, update('p', 'completed', 'x'), update('q', 'completed', 'x')])
    expect(first).toEqual(second)
    expect(first).toContain(JSON.stringify({ lane: { sessionId: 'x', toolCallId: 'p' } }))
  })
})
