import { expect, test } from 'vitest'
import type { LlmRequest } from '../llm/types.ts'
import { toWireBody } from './to-wire.ts'

const base: LlmRequest = {
  sessionId: 's',
  turn: 1,
  step: 1,
  model: 'deepseek-chat',
  system: '',
  messages: [{ role: 'user', content: 'hi' }],
  tools: [],
  signal: new AbortController().signal,
}

test('no system message and no tools key when they are empty', () => {
  expect(toWireBody(base)).toEqual({
    model: 'deepseek-chat',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
    stream_options: { include_usage: true },
  })
})

test('defaults are sorted by key whatever their config order, and max_tokens from the request wins', () => {
  const keys = (defaults: Record<string, unknown>, maxTokens?: number) =>
    Object.keys(toWireBody({ ...base, maxTokens }, defaults))
  expect(keys({ top_p: 1, temperature: 0 })).toEqual([
    'model',
    'messages',
    'temperature',
    'top_p',
    'stream',
    'stream_options',
  ])
  expect(keys({ temperature: 0, top_p: 1 })).toEqual(keys({ top_p: 1, temperature: 0 }))
  expect(toWireBody({ ...base, maxTokens: 99 }, { max_tokens: 5 }).max_tokens).toBe(99)
  expect(toWireBody(base, { max_tokens: 5 }).max_tokens).toBe(5)
})

test('reserved keys in defaults never override the adapter-owned fields', () => {
  const body = toWireBody(base, { stream: false, model: 'other' })
  expect(body.stream).toBe(true)
  expect(body.model).toBe('deepseek-chat')
})

test(
  'an assistant message keeps its text next to tool calls, and ' + 'an empty one becomes null only with tool calls',
  () => {
    expect(
      toWireBody({
        ...base,
        messages: [
          { role: 'assistant', content: '' },
          { role: 'assistant', content: 'x', toolCalls: [{ id: 'c', name: 'n', arguments: '{}' }] },
        ],
      }).messages,
    ).toEqual([
      { role: 'assistant', content: '' },
      {
        role: 'assistant',
        content: 'x',
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'n', arguments: '{}' } }],
      },
    ])
  },
)
