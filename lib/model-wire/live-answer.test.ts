// A provider's streamed answer read back into a model.yml item, per wire: real-shaped streams (as the
// providers send them), every wire's renderer read back by its reader, and what cannot be read.
import { expect, test } from 'vitest'
import { AnswerParseError, liveAnswer } from './live-answer.ts'
import type { ModelScriptItem } from './model-script.ts'
import { formatSseEvent } from './script.ts'
import { AGENT_WIRES, renderModelItem } from './wires.ts'

const SSE = 'text/event-stream'
const sse = (...events: unknown[]) => events.map((e) => formatSseEvent(e as Record<string, unknown>)).join('')
const named = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

test('gemini: text, thoughts and a whole function call, the last finishReason, usage and model', () => {
  const body = sse(
    { candidates: [{ content: { role: 'model', parts: [{ text: 'Look', thought: true }] } }] },
    { candidates: [{ content: { role: 'model', parts: [{ text: 'Reading ' }] } }], modelVersion: 'gemini-2.5-flash' },
    {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'it.' }, { functionCall: { name: 'read_file', args: { p: 'a' } } }],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 7, totalTokenCount: 47 },
      modelVersion: 'gemini-2.5-flash',
    },
  )
  expect(liveAnswer('gemini', body, SSE)).toEqual({
    kind: 'reply',
    value: {
      reasoning: 'Look',
      text: 'Reading it.',
      pieces: { reasoning: [4], text: [8, 3] },
      toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"p":"a"}' }],
      finishReason: 'tool_calls',
      usage: { input: 40, output: 7 },
      model: 'gemini-2.5-flash',
    },
  })
  // Without alt=sse the same stream is one JSON array; :generateContent one object.
  const array = JSON.stringify([{ candidates: [{ content: { parts: [{ text: 'Hi' }] }, finishReason: 'MAX_TOKENS' }] }])
  expect(liveAnswer('gemini', array, 'application/json')).toEqual({
    kind: 'reply',
    value: { text: 'Hi', pieces: { text: [2] }, finishReason: 'length' },
  })
})

test('openai-chat: content and reasoning deltas, tool calls gathered by index, usage with cache hits', () => {
  const chunk = (delta: unknown, extra: Record<string, unknown> = {}) => ({
    id: 'c1',
    object: 'chat.completion.chunk',
    model: 'deepseek-chat',
    choices: [{ index: 0, delta, finish_reason: extra.finish ?? null }],
    ...(extra.usage ? { usage: extra.usage } : {}),
  })
  const body = `${sse(
    chunk({ role: 'assistant', reasoning_content: 'hm' }),
    chunk({ content: 'Sure' }),
    chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'ls', arguments: '{"d' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '":"."}' } }] }),
    chunk({}, { finish: 'tool_calls', usage: { prompt_tokens: 9, completion_tokens: 3, prompt_cache_hit_tokens: 4 } }),
  )}data: [DONE]\n\n`
  expect(liveAnswer('openai-chat', body, `${SSE}; charset=utf-8`)).toEqual({
    kind: 'reply',
    value: {
      reasoning: 'hm',
      text: 'Sure',
      pieces: { reasoning: [2], text: [4] },
      toolCalls: [{ id: 'call_a', name: 'ls', arguments: '{"d":"."}' }],
      finishReason: 'tool_calls',
      usage: { input: 9, output: 3, cached: 4 },
      model: 'deepseek-chat',
    },
  })
})

test('anthropic-messages: thinking, text and tool_use blocks, the stop reason and both usages', () => {
  const body = [
    named('message_start', {
      type: 'message_start',
      message: { model: 'claude-sonnet-4-5', usage: { input_tokens: 12, output_tokens: 1 } },
    }),
    named('ping', { type: 'ping' }),
    named('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'thinking' } }),
    named('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'so' },
    }),
    named('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'signature_delta', signature: 'x' },
    }),
    named('content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }),
    named('content_block_delta', {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'text_delta', text: 'On it' },
    }),
    named('content_block_start', {
      type: 'content_block_start',
      index: 2,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'Read', input: {} },
    }),
    named('content_block_delta', {
      type: 'content_block_delta',
      index: 2,
      delta: { type: 'input_json_delta', partial_json: '{"file_path":"a"}' },
    }),
    named('message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 20 } }),
    named('message_stop', { type: 'message_stop' }),
  ].join('')
  expect(liveAnswer('anthropic-messages', body, SSE)).toEqual({
    kind: 'reply',
    value: {
      reasoning: 'so',
      text: 'On it',
      pieces: { reasoning: [2], text: [5] },
      toolCalls: [{ id: 'toolu_1', name: 'Read', arguments: '{"file_path":"a"}' }],
      finishReason: 'tool_calls',
      usage: { input: 12, output: 20 },
      model: 'claude-sonnet-4-5',
    },
  })
})

test("every agent wire's renderer is read back by its reader, which renders the very same stream again", () => {
  const item: ModelScriptItem = {
    kind: 'reply',
    value: {
      reasoning: 'Think first.',
      text: 'Reading notes.txt now, ünïcode and all.',
      toolCalls: [{ id: 'call_x', name: 'read_file', arguments: '{"path":"notes.txt"}' }],
      usage: { input: 10, output: 5 },
    },
  }
  for (const wire of AGENT_WIRES) {
    const rendered = renderModelItem(item, wire, {})
    if (rendered.kind !== 'sse') throw new Error(`${wire} rendered ${rendered.kind}`)
    const read = liveAnswer(wire, rendered.events.map(formatSseEvent).join(''), SSE)
    if (read.kind !== 'reply') throw new Error(`${wire} read ${read.kind}`)
    const { pieces, model: _, finishReason: __, ...value } = read.value
    expect({ wire, ...value }).toEqual({ wire, ...item.value })
    expect(pieces?.text?.length).toBeGreaterThan(3)
    // The pieces the stream came in are kept, so the reply renders to the same events.
    expect({ wire, events: (renderModelItem(read, wire, {}) as typeof rendered).events }).toEqual({
      wire,
      events: rendered.events,
    })
  }
})

test('an answer no model.yml item can say is an AnswerParseError naming why', () => {
  const cases: Array<[Parameters<typeof liveAnswer>, RegExp]> = [
    [['openai-chat', '{"choices":[]}', 'application/json'], /not a stream \(text\/event-stream\).*stream: true/],
    [['openai-chat', 'data: {oops\n\n', SSE], /event 1 is not JSON: \{oops/],
    [['openai-chat', 'data: {"error":{"message":"quota"}}\n\n', SSE], /the stream carries an error: .*quota/],
    [['anthropic-messages', ': just a comment\n\n', SSE], /no SSE event in the body/],
    [['gemini', '<html>bad gateway</html>', 'text/html'], /neither SSE nor JSON/],
    [
      ['openai-responses', named('response.created', { type: 'response.created' }), SSE],
      /never sent response\.completed/,
    ],
    [
      [
        'openai-chat',
        sse({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '{}' } }] } }] }),
        SSE,
      ],
      /tool call 0 never says which tool/,
    ],
  ]
  for (const [args, message] of cases) {
    expect(() => liveAnswer(...args)).toThrow(AnswerParseError)
    expect(() => liveAnswer(...args)).toThrow(message)
  }
})
