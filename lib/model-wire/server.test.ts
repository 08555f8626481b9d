// The stub over real HTTP with plain fetch (no adapter involved).
import { afterEach, expect, test } from 'vitest'
import { httpError, modelTurn, textReply } from './openai-chat/builders.ts'
import { countRequestTokens } from './token-cut.ts'
import { startStubEndpoint, type StubEndpoint } from './server.ts'

let stub: StubEndpoint | undefined
afterEach(async () => {
  await stub?.close()
  stub = undefined
})

const post = (path: string, body: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${stub!.url}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    signal,
  })

test('records method, path, headers without the authorization value, and the parsed body', async () => {
  stub = await startStubEndpoint({ script: [textReply('hi')] })
  const response = await post('/chat/completions', '{"model":"m"}', {
    authorization: 'Bearer sk-never-recorded',
    'x-trace': 't1',
  })
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  const text = await response.text()
  expect(text.endsWith('data: [DONE]\n\n')).toBe(true)
  expect(text.split('\n\n').filter(Boolean)).toHaveLength(4) // role chunk, text, final chunk, [DONE]
  const [record] = stub.requests
  expect(record).toMatchObject({
    index: 0,
    method: 'POST',
    path: '/chat/completions',
    hasAuthorization: true,
    body: { model: 'm' },
  })
  expect(record?.headers['x-trace']).toBe('t1')
  expect(record?.headers.authorization).toBeUndefined()
  expect(JSON.stringify(stub.requests)).not.toContain('sk-never-recorded')
  expect(await stub.settled(0)).toBe('completed')
})

test('a non-JSON body is kept raw; expectApiKey answers 401 without using a script item', async () => {
  stub = await startStubEndpoint({ script: [textReply('kept')], expectApiKey: 'sk-right' })
  const denied = await post('/chat/completions', 'not json', { authorization: 'Bearer sk-wrong' })
  expect(denied.status).toBe(401)
  expect(((await denied.json()) as any).error.type).toBe('authentication_error')
  expect(stub.requests[0]).toMatchObject({ body: undefined, rawBody: 'not json', authorizationMatches: false })
  expect(stub.remaining()).toBe(1)
  const allowed = await post('/chat/completions', '{}', { authorization: 'Bearer sk-right' })
  expect(allowed.status).toBe(200)
  await allowed.text()
  expect(stub.requests[1]?.authorizationMatches).toBe(true)
})

test('error items send their status and JSON body; an exhausted script is a 500 naming the request index', async () => {
  stub = await startStubEndpoint({ script: [httpError(429, 'slow down', { type: 'rate_limit_error' })] })
  const limited = await post('/chat/completions', '{}')
  expect(limited.status).toBe(429)
  expect(await limited.json()).toEqual({
    error: { message: 'slow down', type: 'rate_limit_error', param: null, code: 'rate_limit_error' },
  })
  const exhausted = await post('/chat/completions', '{}')
  expect(exhausted.status).toBe(500)
  expect(((await exhausted.json()) as any).error.message).toContain('no scripted response left for request index 1')
})

test('other paths are a 404 that consumes no item', async () => {
  stub = await startStubEndpoint({ script: [textReply('x')] })
  const response = await post('/v1/models', '{}')
  expect(response.status).toBe(404)
  expect(((await response.json()) as any).error.message).toContain('POST /v1/models')
  expect(stub.remaining()).toBe(1)
})

test('push() validates items and names the bad one', async () => {
  stub = await startStubEndpoint()
  expect(() => stub!.push(textReply('ok'), { kind: 'sse', events: [], end: 'explode' })).toThrow(
    /item 1 is invalid.*end/,
  )
  expect(stub.remaining()).toBe(0)
  stub.push({ kind: 'sse', events: [{ a: 1 }, ': keep-alive'], end: 'close' })
  expect(await (await post('/chat/completions', '{}')).text()).toBe('data: {"a":1}\n\n: keep-alive\n\n')
})

test('delayMs paces the events', async () => {
  stub = await startStubEndpoint({ script: [{ kind: 'sse', events: [{ n: 1 }, { n: 2 }, { n: 3 }], delayMs: 40 }] })
  const started = Date.now()
  const body = await (await post('/chat/completions', '{}')).text()
  expect(body).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\ndata: [DONE]\n\n')
  // The delay is the behaviour under test: 3 × 40 ms before the events (less a little timer slack).
  expect(Date.now() - started).toBeGreaterThanOrEqual(110)
})

test('a hang is seen as client-closed when the client aborts, and close() does not wait for it', async () => {
  stub = await startStubEndpoint({ script: [{ kind: 'hang' }, { kind: 'hang' }] })
  const controller = new AbortController()
  const pending = post('/chat/completions', '{}', {}, controller.signal)
  while (stub.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  controller.abort()
  await expect(pending).rejects.toThrow()
  expect(await stub.settled(0)).toBe('client-closed')

  const second = post('/chat/completions', '{}').catch((error: Error) => error)
  while (stub.requests.length === 1) await new Promise((resolve) => setTimeout(resolve, 5))
  await stub.close()
  expect(await second).toBeInstanceOf(Error)
  expect(await stub.settled(1)).toBe('server-destroyed')
  stub = undefined
})

test('counts the prompt from the request when the item asks for it', async () => {
  stub = await startStubEndpoint({ script: [modelTurn({ text: 'Fine.', usage: { cached: 2 } })] })
  const body = { model: 'deepseek-chat', messages: [{ role: 'user', content: 'How are you today, stub?' }] }
  const text = await (await post('/chat/completions', JSON.stringify(body))).text()
  const events = text.split('\n\n').filter((line) => line.startsWith('data: {'))
  const usage = JSON.parse(events.at(-1)!.slice(6)).usage
  const prompt = countRequestTokens(body)
  expect(prompt).toBeGreaterThan(5)
  expect(usage).toMatchObject({
    prompt_tokens: prompt,
    completion_tokens: 2,
    total_tokens: prompt + 2,
    prompt_cache_hit_tokens: 2,
    prompt_cache_miss_tokens: prompt - 2,
  })
})

test('splitCharacters writes each event in pieces that cut UTF-8 characters, and the bytes arrive whole', async () => {
  const item = { ...modelTurn({ text: '😀 你好 𠀀 é', usage: false }), splitCharacters: true }
  stub = await startStubEndpoint({ script: [item, { ...item, splitCharacters: undefined }] })
  const split = await (await post('/chat/completions', '{}')).text()
  const whole = await (await post('/chat/completions', '{}')).text()
  expect(split).toBe(whole)
  expect(split).toContain('😀')
})
