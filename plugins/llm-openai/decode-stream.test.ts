import { describe, expect, test } from 'vitest'
import { LlmError } from '../llm/types.ts'
import { ChatStreamDecoder } from './decode-stream.ts'

const event = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 'x', choices: [{ index: 0, delta, finish_reason: null, ...extra }] })

function codeOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return error instanceof LlmError ? error.code : 'not an LlmError'
  }
  return undefined
}

describe('ChatStreamDecoder', () => {
  test(
    'one event with reasoning, content and tool calls yields them in that order; empty and null fields yield ' +
      'nothing',
    () => {
      const decoder = new ChatStreamDecoder()
      expect(decoder.push(event({ role: 'assistant', content: '', reasoning_content: null }))).toEqual([])
      expect(
        decoder.push(
          event({
            reasoning_content: 'r',
            content: 't',
            tool_calls: [
              { index: 1, id: 'c1', type: 'function', function: { name: 'bash', arguments: '' } },
              { index: 0, function: { arguments: '{"a"' } },
            ],
          }),
        ),
      ).toEqual([
        { type: 'reasoning-delta', text: 'r' },
        { type: 'text-delta', text: 't' },
        { type: 'tool-call-delta', index: 1, id: 'c1', name: 'bash', argumentsDelta: '' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a"' },
      ])
    },
  )

  test('the finish is held until [DONE], after the usage', () => {
    const decoder = new ChatStreamDecoder()
    expect(decoder.push(event({ content: 'x' }, { finish_reason: 'length' }))).toEqual([
      { type: 'text-delta', text: 'x' },
    ])
    expect(decoder.push(JSON.stringify({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2 } }))).toEqual([
      { type: 'usage', inputTokens: 5, outputTokens: 2 },
    ])
    expect(decoder.done).toBe(false)
    expect(decoder.push('[DONE]')).toEqual([{ type: 'finish', reason: 'max-tokens' }])
    expect(decoder.done).toBe(true)
    expect(decoder.push(event({ content: 'late' }))).toEqual([])
    expect(decoder.end()).toEqual([])
  })

  test('end() completes a stream that had its finish_reason, and is STREAM_CLOSED otherwise', () => {
    const finished = new ChatStreamDecoder()
    finished.push(event({}, { finish_reason: 'stop' }))
    expect(finished.end('reset')).toEqual([{ type: 'finish', reason: 'stop' }])

    const cut = new ChatStreamDecoder()
    cut.push(event({ content: 'half' }))
    expect(codeOf(() => cut.end('socket hang up'))).toBe('STREAM_CLOSED')
  })

  test('[DONE] without a finish_reason is BAD_RESPONSE', () => {
    expect(codeOf(() => new ChatStreamDecoder().push('[DONE]'))).toBe('BAD_RESPONSE')
  })

  test('malformed JSON and wrong shapes are BAD_RESPONSE with a preview of the data', () => {
    const decoder = new ChatStreamDecoder()
    expect(codeOf(() => decoder.push('{"choices": ['))).toBe('BAD_RESPONSE')
    const withoutIndex = event({ tool_calls: [{ function: { arguments: '{}' } }] })
    expect(codeOf(() => decoder.push(withoutIndex))).toBe('BAD_RESPONSE')
    expect(codeOf(() => decoder.push('[1,2]'))).toBe('BAD_RESPONSE')
    try {
      decoder.push('not json at all')
    } catch (error) {
      expect((error as Error).message).toContain('"not json at all"')
    }
  })

  test('an error object inside the stream is SERVER with the provider message', () => {
    const decoder = new ChatStreamDecoder()
    expect(() => decoder.push(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }))).toThrow(
      /overloaded/,
    )
    expect(codeOf(() => decoder.push(JSON.stringify({ error: { message: 'overloaded' } })))).toBe('SERVER')
  })
})

test('the decoder maps every documented finish_reason and flags unknown ones', () => {
  const finishChunkFor = (reason: string) => {
    const decoder = new ChatStreamDecoder()
    expect(decoder.push(event({}, { finish_reason: reason }))).toEqual([])
    return decoder.end()[0]
  }
  expect(finishChunkFor('stop')).toEqual({ type: 'finish', reason: 'stop' })
  expect(finishChunkFor('tool_calls')).toEqual({ type: 'finish', reason: 'tool-calls' })
  expect(finishChunkFor('length')).toEqual({ type: 'finish', reason: 'max-tokens' })
  expect(finishChunkFor('content_filter')).toMatchObject({ reason: 'error', error: { code: 'CONTENT_FILTER' } })
  expect(finishChunkFor('insufficient_system_resource')).toMatchObject({
    reason: 'error',
    error: { code: 'INSUFFICIENT_RESOURCE' },
  })
  expect(finishChunkFor('mystery')).toMatchObject({
    reason: 'error',
    error: { code: 'BAD_RESPONSE', message: expect.stringContaining('"mystery"') },
  })
})
