// The model server on Anthropic's wire over real HTTP: what the body says decides how it answers.
import { afterEach, expect, test } from 'vitest'
import type { ModelScriptItem } from '../model-script.ts'
import { startStubEndpoint, type StubEndpoint } from '../server.ts'

let stub: StubEndpoint | undefined
afterEach(async () => {
  await stub?.close()
  stub = undefined
})

const reply = (text: string) => ({ kind: 'model', item: { kind: 'reply', value: { text } } as ModelScriptItem })
const post = (body: Record<string, unknown>) =>
  fetch(`${stub!.url}/v1/messages`, {
    method: 'POST',
    body: JSON.stringify({ model: 'claude-x', messages: [{ role: 'user', content: 'hi' }], ...body }),
    headers: { 'content-type': 'application/json' },
  })

test('a count probe takes no script item; unstreamed gets one Message; streamed, events', async () => {
  stub = await startStubEndpoint({ script: [reply('whole answer'), reply('streamed answer')] })
  const probe = await post({ max_tokens: 1 })
  expect(await probe.json()).toMatchObject({ model: 'claude-x', content: [], usage: { output_tokens: 0 } })
  expect(stub.remaining()).toBe(2)
  const whole = await post({ max_tokens: 100 })
  expect(whole.headers.get('content-type')).toContain('application/json')
  expect(await whole.json()).toMatchObject({
    content: [{ type: 'text', text: 'whole answer' }],
    stop_reason: 'end_turn',
  })
  const streamed = await post({ max_tokens: 100, stream: true })
  expect(streamed.headers.get('content-type')).toContain('text/event-stream')
  expect(await streamed.text()).toContain('event: message_stop')
  expect(stub.remaining()).toBe(0)
  expect(stub.requests.map((r) => r.style)).toEqual(['count', 'unary', 'stream'])
})
