import { expect, test } from 'vitest'
import { renderAnthropicMessages } from './render.ts'
import { anthropicCountAnswer, anthropicRequestStyle, foldAnthropicEvents } from './unary.ts'

test('a streamed request streams, an unstreamed one is answered whole, a one-token one is a count probe', () => {
  expect(anthropicRequestStyle({ stream: true, max_tokens: 1 })).toBe('stream')
  expect(anthropicRequestStyle({ max_tokens: 32000 })).toBe('unary')
  expect(anthropicRequestStyle({ stream: false, max_tokens: 1 })).toBe('count')
})

test('a count probe is answered with the counted input tokens and no content', () => {
  const answer = anthropicCountAnswer({
    model: 'claude-haiku',
    max_tokens: 1,
    messages: [{ role: 'user', content: 'count' }],
  })
  expect(answer).toMatchObject({ type: 'message', model: 'claude-haiku', content: [], stop_reason: 'max_tokens' })
  expect((answer.usage as { input_tokens: number }).input_tokens).toBeGreaterThan(0)
})

test('the events of a reply fold into the Message a whole answer carries', () => {
  const item = renderAnthropicMessages(
    {
      kind: 'reply',
      value: {
        reasoning: 'think first',
        text: 'Reading it now.',
        toolCalls: [{ id: 'toolu_1', name: 'Read', arguments: '{"file_path":"a.txt"}' }],
        usage: { input: 7, output: 3 },
      },
    },
    {},
  )
  if (item.kind !== 'sse') throw new Error(`expected an sse item, got ${item.kind}`)
  expect(foldAnthropicEvents(item.events)).toEqual({
    id: 'msg_stub',
    type: 'message',
    role: 'assistant',
    model: 'claude-stub',
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 7, output_tokens: 3 },
    content: [
      { type: 'thinking', thinking: 'think first', signature: 'stub-signature' },
      { type: 'text', text: 'Reading it now.' },
      { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.txt' } },
    ],
  })
})
