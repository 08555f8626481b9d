// The server's --stub recording and replay over real HTTP, on the Gemini routes.
import { afterEach, expect, test } from 'vitest'
import { ReplaySource } from './replay-source.ts'
import { startStubEndpoint, type StubEndpoint } from './server.ts'
import { WireRecorder } from './wire-recorder.ts'

let server: StubEndpoint | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const body = (cwd: string, text: string) => ({
  systemInstruction: { parts: [{ text: `You work in ${cwd}.` }] },
  contents: [{ role: 'user', parts: [{ text }] }],
})
const post = (path: string, payload: unknown) =>
  fetch(`${server!.url}${path}`, { method: 'POST', body: JSON.stringify(payload) })
const STREAM = '/v1beta/models/gemini-2.5-flash:streamGenerateContent'

test(
  '--stub records each request with its answer; replay serves ' + 'its twin from another cwd, and names a drift',
  async () => {
    const recorder = new WireRecorder({ cwd: ['/tmp/run-one'] })
    const script = [{ kind: 'model', item: { kind: 'reply', value: { text: 'Hello.' } } }]
    server = await startStubEndpoint({ script, onServed: recorder.onServed })
    const counted = await post('/v1beta/models/m:countTokens', body('/tmp/run-one', 'hi'))
    expect(((await counted.json()) as { totalTokens: number }).totalTokens).toBeGreaterThan(0)
    const streamed = await (await post(`${STREAM}?alt=sse`, body('/tmp/run-one', 'hi'))).text()
    expect(streamed).toContain('"text":"Hello"')
    const recording = recorder.recording()
    expect(recording.exchanges).toHaveLength(1)
    expect(recording.exchanges[0]).toMatchObject({
      wire: 'gemini',
      scriptItem: 0,
      answer: { reply: { text: 'Hello.' } },
    })
    expect(recording.exchanges[0]?.request.system).toBe('You work in {{cwd}}.')
    await server.close()

    const replay = new ReplaySource(recording, { cwd: ['/tmp/run-two'] }, 'scenarios/x/model.recording.json')
    server = await startStubEndpoint({ answer: replay.answer })
    const unary = await post('/v1beta/models/gemini-2.5-flash:generateContent', body('/tmp/run-two', 'hi'))
    expect(((await unary.json()) as any).candidates[0].content.parts).toEqual([{ text: 'Hello' }, { text: '.' }])
    expect(replay.unused()).toBe(0)
    const drifted = await post(STREAM, body('/tmp/run-two', 'hello?'))
    expect(drifted.status).toBe(400)
    expect(((await drifted.json()) as any).error.message).toMatch(/REPLAY_DRIFT: model request 1 has no recorded twin/)
    expect(replay.problems).toMatchObject([{ code: 'REPLAY_DRIFT', index: 1 }])
    expect(replay.problems[0]?.recorded).toContain('messages[0] user:\n  hi')
  },
)
