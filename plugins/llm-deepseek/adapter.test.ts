// The adapter end to end: ctx.llm.stream → plugin → real HTTP → stub endpoint.
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  completionChunk,
  cutAfter,
  malformedEvent,
  modelTurn,
  reasoningReply,
  textReply,
  toolCallReply,
  usageChunk,
} from './stub-endpoint/index.ts'
import type { StreamChunk } from '../llm/types.ts'
import { collect, finishOf, makeRequest, startHarness, TEST_KEY, type Harness } from './test-support/harness.ts'

let harness: Harness | undefined
const savedEnv = { key: process.env.DEEPSEEK_API_KEY, base: process.env.DEEPSEEK_BASE_URL }

beforeEach(() => {
  process.env.DEEPSEEK_API_KEY = TEST_KEY
  delete process.env.DEEPSEEK_BASE_URL
})

afterEach(async () => {
  await harness?.dispose()
  harness = undefined
  restore('DEEPSEEK_API_KEY', savedEnv.key)
  restore('DEEPSEEK_BASE_URL', savedEnv.base)
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

async function run(
  script: unknown[],
  config: Record<string, unknown> = {},
  request = makeRequest(),
): Promise<StreamChunk[]> {
  harness = await startHarness(script, config)
  return collect(harness.ctx.llm.stream(request))
}

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

describe('HTTP errors', () => {
  test.each([
    [400, 'BAD_REQUEST', 'Invalid request: messages[1] is malformed', 'invalid_request_error'],
    [401, 'AUTH', 'Authentication Fails, no such user', 'authentication_error'],
    [402, 'INSUFFICIENT_BALANCE', 'Insufficient Balance', 'unknown_error'],
    [422, 'INVALID_PARAMS', 'temperature must be <= 2', 'invalid_request_error'],
    [429, 'RATE_LIMIT', 'Rate limit reached', 'rate_limit_error'],
    [500, 'SERVER', 'Internal server error', 'api_error'],
    [503, 'SERVER', 'Server overloaded', 'api_error'],
  ] as const)('HTTP %i maps to %s with status and the provider message', async (status, code, message, type) => {
    const chunks = await run([{ kind: 'error', status, body: { error: { message, type, param: null, code: 'x' } } }])
    expect(chunks).toHaveLength(1)
    const { error } = finishOf(chunks)
    expect(error).toMatchObject({ code, status })
    expect(error?.message).toContain(message)
    expect(error?.message).toContain(`HTTP ${status}`)
  })

  test('a 401 body echoing a masked key is redacted', async () => {
    const body = {
      error: {
        message: `Authentication Fails, Your api key: ****${TEST_KEY.slice(-4)} is invalid`,
        type: 'authentication_error',
        param: null,
        code: 'invalid_request_error',
      },
    }
    const { error } = finishOf(await run([{ kind: 'error', status: 401, body }]))
    expect(error?.code).toBe('AUTH')
    expect(error?.message).toContain('api key: [redacted]')
    expect(error?.message).not.toContain(TEST_KEY.slice(-4))
  })

  test("OpenAI's 401 wording keeps neither the key's prefix nor its suffix (issue 28, item 4)", async () => {
    const masked = `${TEST_KEY.slice(0, 8)}************${TEST_KEY.slice(-4)}`
    const body = { error: { message: `Incorrect API key provided: ${masked}.`, type: 'invalid_request_error' } }
    const { error } = finishOf(await run([{ kind: 'error', status: 401, body }]))
    expect(error?.code).toBe('AUTH')
    expect(error?.message).toContain('Incorrect API key provided: [redacted]')
    for (const part of [TEST_KEY.slice(0, 8), TEST_KEY.slice(-4), '****']) expect(error?.message).not.toContain(part)
  })

  test('running out of script is a 500 naming the request index', async () => {
    const { error } = finishOf(await run([]))
    expect(error).toMatchObject({ code: 'SERVER', status: 500 })
    expect(error?.message).toContain('no scripted response left for request index 0')
  })
})

describe('broken streams', () => {
  test('a malformed data line ends the stream with BAD_RESPONSE after the good chunks', async () => {
    const chunks = await run([{ kind: 'sse', events: [completionChunk({ content: 'fine' }), malformedEvent()] }])
    expect(chunks[0]).toEqual({ type: 'text-delta', text: 'fine' })
    const { error } = finishOf(chunks)
    expect(error?.code).toBe('BAD_RESPONSE')
    expect(error?.message).toContain('not JSON')
  })

  test('a connection reset mid-stream is STREAM_CLOSED', async () => {
    const item = cutAfter(textReply('abcdef', { deltas: 3 }), 3) // role chunk + 2 text deltas, then reset
    const chunks = await run([item])
    expect(chunks.slice(0, -1)).toEqual([
      { type: 'text-delta', text: 'ab' },
      { type: 'text-delta', text: 'cd' },
    ])
    expect(finishOf(chunks).error?.code).toBe('STREAM_CLOSED')
    expect(await harness!.stub.settled(0)).toBe('server-destroyed')
  })

  test('a clean close without [DONE] or finish_reason is STREAM_CLOSED', async () => {
    const chunks = await run([{ kind: 'sse', events: [completionChunk({ content: 'half' })], end: 'close' }])
    expect(finishOf(chunks).error?.code).toBe('STREAM_CLOSED')
  })

  test('a close without [DONE] after finish_reason still finishes normally', async () => {
    const chunks = await run([modelTurn({ text: 'whole', end: 'close' })])
    expect(finishOf(chunks)).toEqual({ type: 'finish', reason: 'stop' })
  })

  test('aborting mid-stream ends with finish{aborted} and closes the socket', async () => {
    harness = await startHarness([{ ...textReply('abcdef', { deltas: 3 }), end: 'hang' }])
    const controller = new AbortController()
    const seen: StreamChunk[] = []
    for await (const chunk of harness.ctx.llm.stream(makeRequest({ signal: controller.signal }))) {
      seen.push(chunk)
      if (seen.length === 2) controller.abort()
    }
    expect(seen.slice(0, 2).every((chunk) => chunk.type === 'text-delta')).toBe(true)
    expect(seen.at(-1)).toEqual({ type: 'finish', reason: 'aborted' })
    expect(await harness.stub.settled(0)).toBe('client-closed')
  })

  test('aborting while the adapter waits for bytes closes the socket too', async () => {
    harness = await startHarness([{ ...textReply('abc', { usage: false }), end: 'hang' }])
    const controller = new AbortController()
    const seen: StreamChunk[] = []
    for await (const chunk of harness.ctx.llm.stream(makeRequest({ signal: controller.signal }))) {
      seen.push(chunk)
      // Abort later, while the adapter is blocked reading the silent response.
      if (seen.length === 1) setTimeout(() => controller.abort(), 30)
    }
    expect(seen).toEqual([
      { type: 'text-delta', text: 'abc' },
      { type: 'finish', reason: 'aborted' },
    ])
    const outcome = await Promise.race([harness.stub.settled(0), sleep(2000).then(() => 'still open')])
    expect(outcome).toBe('client-closed')
  })

  test('a silent server hits timeoutMs as TIMEOUT and the socket is closed', async () => {
    // Long enough for the request to reach the stub on a loaded machine: with 150 ms the client
    // once gave up before the stub had seen the request, and settled(0) waited for nothing.
    const chunks = await run([{ kind: 'hang' }], { timeoutMs: 1_000 })
    const { error } = finishOf(chunks)
    expect(error?.code).toBe('TIMEOUT')
    expect(error?.message).toContain('1000 ms')
    expect(await harness!.stub.settled(0)).toBe('client-closed')
  })

  test('an unreachable endpoint is NETWORK', async () => {
    harness = await startHarness()
    const deadUrl = harness.stub.url
    await harness.stub.close()
    await harness.ctx.fiber.dispose()
    harness = await startHarness([], { baseUrl: deadUrl })
    const { error } = finishOf(await collect(harness.ctx.llm.stream(makeRequest())))
    expect(error?.code).toBe('NETWORK')
    expect(error?.message).toContain(deadUrl)
  })
})

describe('key and endpoint', () => {
  test('the key is sent as a Bearer token; a wrong key is AUTH without echoing either key', async () => {
    harness = await startHarness([textReply('ok')])
    expect(finishOf(await collect(harness.ctx.llm.stream(makeRequest()))).reason).toBe('stop')
    expect(harness.stub.requests[0]).toMatchObject({ hasAuthorization: true, authorizationMatches: true })
    expect(JSON.stringify(harness.stub.requests)).not.toContain(TEST_KEY)

    process.env.DEEPSEEK_API_KEY = 'sk-wrong-key-777777'
    const { error } = finishOf(await collect(harness.ctx.llm.stream(makeRequest())))
    expect(error).toMatchObject({ code: 'AUTH', status: 401 })
    expect(error?.message).not.toContain('sk-wrong-key-777777')
    expect(harness.stub.requests[1].authorizationMatches).toBe(false)
  })

  test('an in-stream error event quoting the key is SERVER without the key', async () => {
    const events = [
      completionChunk({ content: 'part' }),
      { error: { message: `quota exceeded for ${TEST_KEY}; api key: sk-other`, type: 'api_error' } },
    ]
    const chunks = await run([{ kind: 'sse', events }])
    expect(chunks[0]).toEqual({ type: 'text-delta', text: 'part' })
    const { error } = finishOf(chunks)
    expect(error?.code).toBe('SERVER')
    expect(error?.message).toContain('quota exceeded for [redacted]; api key: [redacted]')
    expect(error?.message).not.toContain(TEST_KEY)
    expect(error?.message).not.toContain('sk-other')
  })

  test('a malformed event quoting the key is BAD_RESPONSE without the key', async () => {
    const notJson = await run([{ kind: 'sse', events: [malformedEvent(`{"echo": "${TEST_KEY}"`)] }])
    expect(finishOf(notJson).error).toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('not JSON: "{\\"echo\\": \\"[redacted]\\"'),
    })
    await harness!.dispose()
    const badShape = await run([{ kind: 'sse', events: [{ choices: TEST_KEY }] }])
    expect(finishOf(badShape).error).toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('unexpected shape'),
    })
    expect(finishOf(badShape).error?.message).toContain('[redacted]')
  })

  test('a missing key fails with NO_API_KEY before any request is made', async () => {
    delete process.env.DEEPSEEK_API_KEY
    const { error } = finishOf(await run([textReply('never')]))
    expect(error?.code).toBe('NO_API_KEY')
    expect(error?.message).toContain('DEEPSEEK_API_KEY')
    expect(harness!.stub.requests).toHaveLength(0)
  })

  test('DEEPSEEK_BASE_URL is used when config sets no baseUrl', async () => {
    harness = await startHarness([textReply('via env', { deltas: 1 })], { baseUrl: undefined })
    process.env.DEEPSEEK_BASE_URL = harness.stub.url
    const chunks = await collect(harness.ctx.llm.stream(makeRequest()))
    expect(chunks[0]).toEqual({ type: 'text-delta', text: 'via env' })
  })

  test('disposing the plugin unregisters its models', async () => {
    harness = await startHarness([], { models: ['deepseek-chat'] })
    expect(harness.ctx.llm.models()).toEqual(['deepseek-chat'])
    await harness.adapter.dispose()
    expect(harness.ctx.llm.models()).toEqual([])
  })
})
