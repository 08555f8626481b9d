// The adapter end to end: ctx.llm.stream → plugin → real HTTP → stub endpoint: what a good
// response streams (chunk kinds, finish reasons). Failures: adapter-failures.test.ts; the key: adapter-key.test.ts.
import { describe, expect, test } from 'vitest'
import { completionChunk, reasoningReply, textReply, toolCallReply, usageChunk } from '../../lib/model-wire/index.ts'
import { finishOf, makeRequest, useAdapterHarness } from './test-support/harness.ts'

const h = useAdapterHarness()
const { run } = h

describe('chunk kinds', () => {
  test('text arrives as text-delta chunks, then usage, then finish', async () => {
    const chunks = await run([textReply('Hello, world', { deltas: 3, usage: { input: 12, output: 4 } })])
    expect(chunks).toEqual([
      { type: 'text-delta', text: 'Hell' },
      { type: 'text-delta', text: 'o, w' },
      { type: 'text-delta', text: 'orld' },
      { type: 'usage', inputTokens: 12, outputTokens: 4, cachedInputTokens: 0 },
      { type: 'finish', reason: 'stop' },
    ])
  })

  test('reasoning_content arrives as reasoning-delta chunks before the text', async () => {
    const chunks = await run(
      [reasoningReply('think hard', 'answer', { deltas: 2, usage: false })],
      {},
      makeRequest({ model: 'deepseek-reasoner' }),
    )
    expect(chunks).toEqual([
      { type: 'reasoning-delta', text: 'think' },
      { type: 'reasoning-delta', text: ' hard' },
      { type: 'text-delta', text: 'ans' },
      { type: 'text-delta', text: 'wer' },
      { type: 'finish', reason: 'stop' },
    ])
  })

  test('interleaved parallel tool calls keep their index, id and name', async () => {
    const calls = [
      { id: 'call_a', name: 'read_file', arguments: '{"path":"a.txt"}' },
      { id: 'call_b', name: 'bash', arguments: '{"command":"ls -la"}' },
    ]
    const chunks = await run([toolCallReply(calls, { deltas: 3, interleave: true, usage: false })])
    const deltas = chunks.filter((chunk) => chunk.type === 'tool-call-delta')
    // Headers first (one per call), then argument pieces alternating a, b, a, b, …
    expect(deltas.map((delta) => delta.index)).toEqual([0, 1, 0, 1, 0, 1, 0, 1])
    expect(deltas[0]).toEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'call_a',
      name: 'read_file',
      argumentsDelta: '',
    })
    expect(deltas[1]).toEqual({ type: 'tool-call-delta', index: 1, id: 'call_b', name: 'bash', argumentsDelta: '' })
    expect(deltas[2]).toEqual({ type: 'tool-call-delta', index: 0, argumentsDelta: '{"path' })
    const joined = [0, 1].map((index) =>
      deltas
        .filter((delta) => delta.index === index)
        .map((delta) => delta.argumentsDelta)
        .join(''),
    )
    expect(joined).toEqual(calls.map((call) => call.arguments))
    expect(finishOf(chunks)).toEqual({ type: 'finish', reason: 'tool-calls' })
  })

  test('usage carries prompt cache hits as cachedInputTokens', async () => {
    const chunks = await run([textReply('ok', { usage: { input: 1000, output: 7, cached: 896 } })])
    expect(chunks.filter((chunk) => chunk.type === 'usage')).toEqual([
      { type: 'usage', inputTokens: 1000, outputTokens: 7, cachedInputTokens: 896 },
    ])
  })

  test('a trailing usage-only chunk after finish_reason still precedes the finish', async () => {
    const events = [
      completionChunk({ content: 'hi' }),
      completionChunk({ content: '' }, { finishReason: 'stop' }),
      usageChunk({ input: 3, output: 1, cached: 2 }),
    ]
    const chunks = await run([{ kind: 'sse', events }])
    expect(chunks).toEqual([
      { type: 'text-delta', text: 'hi' },
      { type: 'usage', inputTokens: 3, outputTokens: 1, cachedInputTokens: 2 },
      { type: 'finish', reason: 'stop' },
    ])
  })
})

describe('finish reasons', () => {
  test.each([
    ['stop', { type: 'finish', reason: 'stop' }],
    ['tool_calls', { type: 'finish', reason: 'tool-calls' }],
    ['length', { type: 'finish', reason: 'max-tokens' }],
    [
      'content_filter',
      {
        type: 'finish',
        reason: 'error',
        error: { code: 'CONTENT_FILTER', message: expect.stringContaining('content filter') },
      },
    ],
    [
      'insufficient_system_resource',
      {
        type: 'finish',
        reason: 'error',
        error: { code: 'INSUFFICIENT_RESOURCE', message: expect.stringContaining('retry later') },
      },
    ],
  ] as const)('finish_reason %s', async (finishReason, expected) => {
    const chunks = await run([textReply('x', { finishReason })])
    expect(finishOf(chunks)).toEqual(expected)
    // The usage that came with the final chunk is not lost, and comes first.
    expect(chunks.at(-2)?.type).toBe('usage')
  })
})
