// The adapter end to end (ctx.llm.stream → plugin → real HTTP → stub endpoint): the API key goes
// only into the Authorization header and never into a chunk or error; the endpoint and the models.
import { describe, expect, test } from 'vitest'
import { completionChunk, malformedEvent, textReply } from '../../lib/model-wire/index.ts'
import { collect, finishOf, makeRequest, startHarness, TEST_KEY, useAdapterHarness } from './test-support/harness.ts'

const h = useAdapterHarness()
const { run } = h

describe('key and endpoint', () => {
  test('the key is sent as a Bearer token; a wrong key is AUTH without echoing either key', async () => {
    h.harness = await startHarness([textReply('ok')])
    expect(finishOf(await collect(h.harness.ctx.llm.stream(makeRequest()))).reason).toBe('stop')
    expect(h.harness.stub.requests[0]).toMatchObject({ hasAuthorization: true, authorizationMatches: true })
    expect(JSON.stringify(h.harness.stub.requests)).not.toContain(TEST_KEY)

    process.env.DEEPSEEK_API_KEY = 'sk-wrong-key-777777'
    const { error } = finishOf(await collect(h.harness.ctx.llm.stream(makeRequest())))
    expect(error).toMatchObject({ code: 'AUTH', status: 401 })
    expect(error?.message).not.toContain('sk-wrong-key-777777')
    expect(h.harness.stub.requests[1]?.authorizationMatches).toBe(false)
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
    await h.harness!.dispose()
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
    expect(h.harness!.stub.requests).toHaveLength(0)
  })

  test('DEEPSEEK_BASE_URL is used when config sets no baseUrl', async () => {
    h.harness = await startHarness([textReply('via env', { deltas: 1 })], { baseUrl: undefined })
    process.env.DEEPSEEK_BASE_URL = h.harness.stub.url
    const chunks = await collect(h.harness.ctx.llm.stream(makeRequest()))
    expect(chunks[0]).toEqual({ type: 'text-delta', text: 'via env' })
  })

  test('disposing the plugin unregisters its models', async () => {
    h.harness = await startHarness([], { models: ['deepseek-chat'] })
    expect(h.harness.ctx.llm.models()).toEqual(['deepseek-chat'])
    await h.harness.adapter.dispose()
    expect(h.harness.ctx.llm.models()).toEqual([])
  })
})
