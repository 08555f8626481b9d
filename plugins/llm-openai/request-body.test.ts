// Pins the exact JSON body sent over HTTP for a history with tool calls.
import { afterEach, expect, test } from 'vitest'
import { textReply } from '../../lib/model-wire/index.ts'
import type { LlmRequest } from '../llm/types.ts'
import { collect, makeRequest, startHarness, TEST_KEY, type Harness } from './test-support/harness.ts'

let harness: Harness | undefined
const savedKey = process.env.DEEPSEEK_API_KEY

afterEach(async () => {
  await harness?.dispose()
  if (savedKey === undefined) delete process.env.DEEPSEEK_API_KEY
  else process.env.DEEPSEEK_API_KEY = savedKey
})

const request: Partial<LlmRequest> = {
  model: 'deepseek-reasoner',
  system: 'You are dsh.',
  maxTokens: 2048,
  tools: [
    {
      name: 'read_file',
      description: 'Read a file',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  ],
  messages: [
    { role: 'user', content: 'show a.txt and b.txt' },
    {
      role: 'assistant',
      content: 'Reading both.',
      reasoning: 'I should read the two files.',
      toolCalls: [
        { id: 'call_1', name: 'read_file', arguments: '{"path":"a.txt"}' },
        { id: 'call_2', name: 'read_file', arguments: '{"path":"b.txt"}' },
      ],
    },
    { role: 'tool', toolCallId: 'call_1', name: 'read_file', content: 'alpha' },
    { role: 'tool', toolCallId: 'call_2', name: 'read_file', content: 'error: b.txt not found', isError: true },
    {
      role: 'assistant',
      content: '',
      reasoning: 'retry with c',
      toolCalls: [{ id: 'call_3', name: 'read_file', arguments: '{"path":"c.txt"}' }],
    },
    { role: 'tool', toolCallId: 'call_3', name: 'read_file', content: 'gamma' },
    { role: 'assistant', content: 'a.txt says alpha, c.txt says gamma.', reasoning: 'done' },
    { role: 'user', content: 'thanks' },
  ],
}

const expectedBody = {
  model: 'deepseek-reasoner',
  messages: [
    { role: 'system', content: 'You are dsh.' },
    { role: 'user', content: 'show a.txt and b.txt' },
    {
      role: 'assistant',
      content: 'Reading both.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
        { id: 'call_2', type: 'function', function: { name: 'read_file', arguments: '{"path":"b.txt"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'alpha' },
    { role: 'tool', tool_call_id: 'call_2', content: 'error: b.txt not found' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_3', type: 'function', function: { name: 'read_file', arguments: '{"path":"c.txt"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_3', content: 'gamma' },
    { role: 'assistant', content: 'a.txt says alpha, c.txt says gamma.' },
    { role: 'user', content: 'thanks' },
  ],
  tools: [
    {
      type: 'function',
      function: {
        name: 'read_file',
        description: 'Read a file',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    },
  ],
  // config defaults, sorted by key; the request's maxTokens overrides the default max_tokens
  max_tokens: 2048,
  temperature: 0.2,
  top_p: 0.9,
  stream: true,
  stream_options: { include_usage: true },
}

test('the exact request body for a history with tool calls (reasoning dropped, key order stable)', async () => {
  process.env.DEEPSEEK_API_KEY = TEST_KEY
  harness = await startHarness([textReply('ok')], { defaults: { top_p: 0.9, temperature: 0.2, max_tokens: 512 } })
  await collect(harness.ctx.llm.stream(makeRequest(request)))
  const [sent] = harness.stub.requests
  expect(sent).toMatchObject({ method: 'POST', path: '/chat/completions', hasAuthorization: true })
  expect(sent?.headers['content-type']).toBe('application/json')
  expect(sent?.body).toEqual(expectedBody)
  // toEqual ignores key order; the serialized text pins it.
  expect(JSON.stringify(sent?.body)).toBe(JSON.stringify(expectedBody))
  expect(JSON.stringify(sent?.body)).not.toContain('reasoning')
})
