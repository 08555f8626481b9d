// Record against the live provider, over real HTTP: a second loopback server plays the provider.
// The proxy forwards with the real key in the wire's header (the agent's dummy dropped), passes the
// stream on as it arrives, records the exchange with the run's folders as tokens, and names what
// goes wrong; replay serves the recording into another run's folders.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { LiveProxy } from './live-proxy.ts'
import type { AgentPreset } from './preset.ts'
import { ReplaySource } from './replay-source.ts'
import { startStubEndpoint, type StubEndpoint } from './server.ts'
import { resolveUpstream, type Upstream } from './upstream.ts'

const KEY = 'AIzaSyFakeKeyForTheProxyTest-1234567890'
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

interface Seen {
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A provider on loopback: `answer` writes each response; every request is kept. */
async function provider(answer: (seen: Seen, res: import('node:http').ServerResponse) => void | Promise<void>) {
  const seen: Seen[] = []
  const server: Server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const entry = { url: req.url ?? '', headers: req.headers, body }
    seen.push(entry)
    await answer(entry, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`, seen }
}

async function proxyTo(upstreamUrl: string, cwd = '/tmp/run-one') {
  const upstream: Upstream = { url: upstreamUrl, wire: 'gemini', keyEnv: 'GEMINI_API_KEY', key: KEY }
  const proxy = new LiveProxy(upstream, { cwd: [cwd], home: ['/tmp/home-one'] })
  const server = await startStubEndpoint({ forward: proxy.forward })
  closers.push(() => server.close())
  return { proxy, server }
}

const geminiBody = (cwd: string) => ({
  systemInstruction: { parts: [{ text: `You work in ${cwd}.` }] },
  contents: [{ role: 'user', parts: [{ text: 'read notes' }] }],
})
const STREAM = '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=dsh-dummy-key'
const post = (server: StubEndpoint, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'dsh-dummy-key' },
    body: JSON.stringify(body),
  })
const event = (data: unknown) => `data: ${JSON.stringify(data)}\r\n\r\n`

test(
  'forwards with the real key, streams as it arrives, records ' + 'the exchange; replay fills in its own cwd',
  async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const upstream = await provider(async (_seen, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(
        event({ candidates: [{ content: { role: 'model', parts: [{ text: 'Reading /tmp/run-one/notes.txt' }] } }] }),
      )
      await released // the rest only once the agent has the first event: nothing is held back
      const call = { functionCall: { name: 'read_file', args: { absolute_path: '/tmp/run-one/notes.txt' } } }
      res.end(event({ candidates: [{ content: { role: 'model', parts: [call] }, finishReason: 'STOP' }] }))
    })
    const { proxy, server } = await proxyTo(upstream.url)
    const response = await post(server, STREAM, geminiBody('/tmp/run-one'))
    const reader = response.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first).toContain('Reading /tmp/run-one/notes.txt')
    release()
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value)
    expect(rest).toContain('read_file')

    expect(upstream.seen).toHaveLength(1)
    const [seen] = upstream.seen
    expect(seen!.url).toBe('/base/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse')
    expect(seen!.headers['x-goog-api-key']).toBe(KEY)
    expect(JSON.stringify(seen!.headers)).not.toContain('dsh-dummy-key')
    expect(JSON.parse(seen!.body)).toEqual(geminiBody('/tmp/run-one'))
    expect(proxy.problems).toEqual([])
    const recording = proxy.recording()
    expect(recording.source).toBe('live')
    expect(recording.exchanges).toHaveLength(1)
    expect(recording.exchanges[0]).toMatchObject({
      wire: 'gemini',
      request: { system: 'You work in {{cwd}}.', messages: [{ role: 'user', text: 'read notes' }] },
      answer: {
        reply: {
          text: 'Reading {{cwd}}/notes.txt',
          toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"absolute_path":"{{cwd}}/notes.txt"}' }],
          finishReason: 'tool_calls',
        },
      },
    })
    expect(JSON.stringify(recording)).not.toContain(KEY)

    const replay = new ReplaySource(recording, { cwd: ['/tmp/run-two'] }, 'model.recording.json')
    const replayed = await startStubEndpoint({ answer: replay.answer })
    closers.push(() => replayed.close())
    const text = await (await post(replayed, STREAM, geminiBody('/tmp/run-two'))).text()
    expect(text).toContain('"absolute_path":"/tmp/run-two/notes.txt"')
    expect(text).not.toContain('{{cwd}}')
    expect(replay.problems).toEqual([])
  },
)

test(
  'an upstream HTTP error reaches the agent as sent and is named ' + 'with its status and first bytes, key redacted',
  async () => {
    const upstream = await provider((seen, res) => {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { code: 401, message: `API key ${seen.headers['x-goog-api-key']} not valid` } }))
    })
    const { proxy, server } = await proxyTo(upstream.url)
    const response = await post(server, STREAM, geminiBody('/tmp/run-one'))
    expect(response.status).toBe(401)
    expect(proxy.problems).toHaveLength(1)
    expect(proxy.problems[0]).toMatchObject({ code: 'UPSTREAM_HTTP_ERROR', index: 0 })
    expect(proxy.problems[0]!.message).toMatch(
      /^UPSTREAM_HTTP_ERROR: model request 0 \(POST \/v1beta\/.*\): upstream answered/,
    )
    expect(proxy.problems[0]!.message).toMatch(
      /: upstream answered HTTP 401; its body begins: .*API key \[redacted\] not valid/,
    )
    expect(proxy.problems[0]!.message).not.toContain(KEY.slice(8, 20))
    expect(proxy.recording().exchanges).toEqual([])
  },
)

test(
  'an unreachable upstream and an unreadable answer are named; ' + 'the agent gets an error in its wire shape',
  async () => {
    const gone = await provider(() => {})
    closers.pop()?.() // closed: nothing listens there any more
    await new Promise((resolve) => setTimeout(resolve, 20))
    const unreachable = await proxyTo(gone.url)
    const response = await post(unreachable.server, STREAM, geminiBody('/tmp/run-one'))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/UPSTREAM_UNREACHABLE/)
    expect(unreachable.proxy.problems[0]!.message).toMatch(
      /UPSTREAM_UNREACHABLE: model request 0 .*: upstream http:\/\/127\.0\.0\.1:\d+\/base\/v1beta\/.* is unreachable/,
    )
    expect(unreachable.proxy.problems[0]!.message).toMatch(/ is unreachable \(.*ECONNREFUSED/)

    const garbled = await provider((_seen, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end('data: {"candidates": [\n\n')
    })
    const unreadable = await proxyTo(garbled.url)
    expect(await (await post(unreadable.server, STREAM, geminiBody('/tmp/run-one'))).text()).toContain('candidates')
    expect(unreadable.proxy.problems).toMatchObject([{ code: 'UPSTREAM_UNPARSEABLE', index: 0 }])
    expect(unreadable.proxy.problems[0]!.message).toMatch(
      /the gemini answer cannot be read into a model.yml item: event 1 is not JSON/,
    )
  },
)

test('an answer the agent cuts short (a cancel) is kept as far as it came, ending in a hang', async () => {
  const upstream = await provider((_seen, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(event({ candidates: [{ content: { role: 'model', parts: [{ text: 'Working on' }] } }] }))
    // …and nothing more: the agent gives up first.
  })
  const { proxy, server } = await proxyTo(upstream.url)
  const abort = new AbortController()
  const response = await fetch(`${server.url}${STREAM}`, {
    method: 'POST',
    body: JSON.stringify(geminiBody('/tmp/run-one')),
    signal: abort.signal,
  })
  const reader = response.body!.getReader()
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('Working on')
  abort.abort()
  await server.settled(0)
  for (let waited = 0; !proxy.recording().exchanges.length && waited < 2000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10))
  expect(proxy.recording().exchanges[0]?.answer).toEqual({
    reply: { text: 'Working on', pieces: { text: [10] }, end: 'hang' },
  })
  expect(proxy.problems).toEqual([])
})

test('the upstream comes from the preset or the override; the key from keyEnv, each missing piece named', () => {
  const preset = { name: 'p', wire: 'gemini', upstream: 'https://example.test/', keyEnv: 'P_KEY' } as AgentPreset
  expect(resolveUpstream(preset, undefined, { P_KEY: 'k' })).toEqual({
    url: 'https://example.test',
    wire: 'gemini',
    keyEnv: 'P_KEY',
    key: 'k',
  })
  expect(resolveUpstream(preset, 'http://127.0.0.1:9', { P_KEY: 'k' }).url).toBe('http://127.0.0.1:9')
  expect(() => resolveUpstream(preset, undefined, {})).toThrow(
    /^P_KEY is not set: record against https:\/\/example.test\/ reads the provider key from it \(preset p, keyEnv\)/,
  )
  expect(() => resolveUpstream({ ...preset, upstream: undefined }, undefined, { P_KEY: 'k' })).toThrow(
    /preset p names no upstream .*--upstream URL/,
  )
  expect(() => resolveUpstream({ ...preset, keyEnv: undefined }, undefined, {})).toThrow(/preset p names no keyEnv/)
  expect(() => resolveUpstream(undefined, undefined, {})).toThrow(/needs an agent preset/)
  expect(() => resolveUpstream(preset, 'ftp://x', { P_KEY: 'k' })).toThrow(/"ftp:\/\/x" is not an http\(s\) URL/)
})
