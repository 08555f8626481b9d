// The adapter end to end (ctx.llm.stream → plugin → real HTTP → stub endpoint) when the provider
// fails: HTTP errors, and streams that break, hang or never connect.
import { createServer } from 'node:net'
import { describe, expect, test } from 'vitest'
import type { StreamChunk } from '../llm/types.ts'
import { completionChunk, cutAfter, malformedEvent, modelTurn, textReply } from '../../lib/model-wire/index.ts'
import * as openai from './index.ts'
import { collect, finishOf, makeRequest, startHarness, TEST_KEY, useAdapterHarness } from './test-support/harness.ts'

const h = useAdapterHarness()
const { run } = h

/** A loopback URL whose port was bound a moment ago and is now closed. */
async function freedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
    expect(await h.harness!.stub.settled(0)).toBe('server-destroyed')
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
    h.harness = await startHarness([{ ...textReply('abcdef', { deltas: 3 }), end: 'hang' }])
    const controller = new AbortController()
    const seen: StreamChunk[] = []
    for await (const chunk of h.harness.ctx.llm.stream(makeRequest({ signal: controller.signal }))) {
      seen.push(chunk)
      if (seen.length === 2) controller.abort()
    }
    expect(seen.slice(0, 2).every((chunk) => chunk.type === 'text-delta')).toBe(true)
    expect(seen.at(-1)).toEqual({ type: 'finish', reason: 'aborted' })
    expect(await h.harness.stub.settled(0)).toBe('client-closed')
  })

  test('aborting while the adapter waits for bytes closes the socket too', async () => {
    h.harness = await startHarness([{ ...textReply('abc', { usage: false }), end: 'hang' }])
    const controller = new AbortController()
    const seen: StreamChunk[] = []
    for await (const chunk of h.harness.ctx.llm.stream(makeRequest({ signal: controller.signal }))) {
      seen.push(chunk)
      // Abort later, while the adapter is blocked reading the silent response.
      if (seen.length === 1) setTimeout(() => controller.abort(), 30)
    }
    expect(seen).toEqual([
      { type: 'text-delta', text: 'abc' },
      { type: 'finish', reason: 'aborted' },
    ])
    const outcome = await Promise.race([h.harness.stub.settled(0), sleep(2000).then(() => 'still open')])
    expect(outcome).toBe('client-closed')
  })

  test('a silent server hits timeoutMs as TIMEOUT and the socket is closed', async () => {
    // Long enough for the request to reach the stub on a loaded machine: with 150 ms the client
    // once gave up before the stub had seen the request, and settled(0) waited for nothing.
    const chunks = await run([{ kind: 'hang' }], { timeoutMs: 1_000 })
    const { error } = finishOf(chunks)
    expect(error?.code).toBe('TIMEOUT')
    expect(error?.message).toContain('1000 ms')
    expect(await h.harness!.stub.settled(0)).toBe('client-closed')
  })

  test('an unreachable endpoint is NETWORK', async () => {
    // The dead port is taken while the harness's stub holds its own, so the stub cannot be
    // bound to it: CI once saw the stub land on a freed port it had just been told was dead.
    h.harness = await startHarness()
    const deadUrl = await freedPortUrl()
    await h.harness.adapter.dispose()
    await h.harness.ctx.plugin(openai, { preset: 'deepseek', baseUrl: deadUrl } as openai.Config)
    const { error } = finishOf(await collect(h.harness.ctx.llm.stream(makeRequest())))
    expect(error?.code).toBe('NETWORK')
    expect(error?.message).toContain(deadUrl)
  })
})
