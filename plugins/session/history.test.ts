import { describe, expect, it } from 'vitest'
import type { Message } from '../llm/types.ts'
import { History, type HistoryEvent, INTERRUPTED_CALL_OUTPUT, isStepStart } from './history.ts'
import { buildMessages } from './test-support/build-messages.ts'

const log: HistoryEvent[] = [
  {
    type: 'user/message',
    data: {
      turn: 1,
      messageId: 'm1',
      content: [
        { type: 'text', text: 'list' },
        { type: 'resource_link', name: 'a.txt', uri: 'file:///w/a.txt' },
      ],
    },
  },
  { type: 'turn/start', data: { turn: 1 } },
  { type: 'step/start', data: { turn: 1, step: 1 } },
  {
    type: 'assistant/message',
    data: {
      turn: 1,
      step: 1,
      messageId: 'm2',
      text: '',
      reasoning: 'think',
      toolCalls: [{ id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }],
    },
  },
  { type: 'tool/call', data: { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{"command":"ls"}' } },
  { type: 'tool/result', data: { turn: 1, step: 1, callId: 'c1', output: 'a.txt', isError: false } },
  { type: 'step/end', data: { turn: 1, step: 1 } },
  { type: 'step/start', data: { turn: 1, step: 2 } },
  { type: 'assistant/message', data: { turn: 1, step: 2, messageId: 'm3', text: '', toolCalls: [] } },
]

/** The test log's event at `index`; the test fails when there is none. */
function logAt(index: number): HistoryEvent {
  const event = log[index]
  if (!event) throw new Error(`the test log has no event ${index}`)
  return event
}

describe('buildMessages', () => {
  it('rebuilds user, assistant (with reasoning and calls) and tool messages; drops empty assistant messages', () => {
    expect(buildMessages(log)).toEqual([
      { role: 'user', content: 'list\n[resource_link a.txt: file:///w/a.txt]' },
      {
        role: 'assistant',
        content: '',
        reasoning: 'think',
        toolCalls: [{ id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }],
      },
      { role: 'tool', toolCallId: 'c1', name: 'bash', content: 'a.txt' },
    ])
  })

  it('stops at the model call of the given (turn, step)', () => {
    expect(buildMessages(log, { turn: 1, step: 1 })).toHaveLength(1)
    expect(buildMessages(log, { turn: 1, step: 2 })).toHaveLength(3)
  })
})

describe('History', () => {
  it('folded event by event, it equals a rebuild at every point, and keeps earlier message objects', () => {
    const history = new History()
    const seen: Message[] = []
    log.forEach((event, index) => {
      history.add(event)
      expect(history.snapshot()).toEqual(buildMessages(log.slice(0, index + 1)))
      // Messages never change once added: a consumer may cache them by identity.
      seen.forEach((message, position) => expect(history.messages[position]).toBe(message))
      seen.splice(0, seen.length, ...history.messages)
    })
    expect(seen).toHaveLength(3)
  })

  it('hands out copies of the list, so a consumer holding one does not see later messages', () => {
    const history = new History()
    history.add(logAt(0))
    const first = history.snapshot()
    history.add(logAt(3))
    expect(first).toHaveLength(1)
    expect(history.messages).toHaveLength(2)
  })

  it('names a tool result whose call it never saw with an empty name (the API still gets the id)', () => {
    const history = new History()
    history.add({ type: 'tool/result', data: { turn: 1, step: 1, callId: 'x', output: 'boom', isError: true } })
    expect(history.messages).toEqual([{ role: 'tool', toolCallId: 'x', name: '', content: 'boom', isError: true }])
  })

  it('starts over at history/clear (/clear): later messages only', () => {
    const later: HistoryEvent = { type: 'user/message', data: { turn: 2, messageId: 'm4', content: [] } }
    const messages = buildMessages([...log, { type: 'history/clear', data: {} }, later])
    expect(messages).toEqual([{ role: 'user', content: '' }])
  })
})

describe('isStepStart', () => {
  it('matches only the step/start of the given model call', () => {
    expect(isStepStart(logAt(2), { turn: 1, step: 1 })).toBe(true)
    expect(isStepStart(logAt(2), { turn: 1, step: 2 })).toBe(false)
    expect(isStepStart(logAt(1), { turn: 1, step: 1 })).toBe(false)
  })
})

describe('turns that ended without a result for every call (issue 28, item 1)', () => {
  const call = (turn: number, id: string): HistoryEvent[] => [
    { type: 'user/message', data: { turn, messageId: `u${turn}`, content: [{ type: 'text', text: `go ${turn}` }] } },
    { type: 'turn/start', data: { turn } },
    {
      type: 'assistant/message',
      data: { turn, step: 1, messageId: `a${turn}`, text: '', toolCalls: [{ id, name: 'bash', arguments: '{}' }] },
    },
    { type: 'tool/call', data: { turn, step: 1, callId: id, name: 'bash', arguments: '{}' } },
    { type: 'tool/start', data: { turn, step: 1, callId: id } },
  ]
  const interrupted = (id: string): Message => ({
    role: 'tool',
    toolCallId: id,
    name: 'bash',
    content: INTERRUPTED_CALL_OUTPUT,
    isError: true,
  })

  it('answers them as interrupted at turn/end, and at the next prompt when turn/end is missing too', () => {
    const messages = buildMessages([
      ...call(1, 'c1'),
      { type: 'turn/end', data: { turn: 1, reason: 'error' } },
      ...call(2, 'c2'),
      ...call(3, 'c3'),
    ])
    expect(messages.filter((message) => message.role === 'tool')).toEqual([interrupted('c1'), interrupted('c2')])
    // Each right after its assistant message, as the API requires.
    expect(messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
    ])
  })
})
