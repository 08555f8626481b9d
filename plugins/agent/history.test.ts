import { describe, expect, it } from 'vitest'
import { buildMessages, type HistoryEvent } from './history.ts'

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
