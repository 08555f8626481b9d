// The Anthropic Messages wire as Anthropic's own SDK reads it: the model server renders model.yml
// items, the official client (the decoder a user's Anthropic adapter would use) streams and
// assembles them. If the SDK accepts what the server sends, an adapter built on it records --stub.
import Anthropic from '@anthropic-ai/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import type { ModelScriptItem } from '../model-script.ts'
import { startStubEndpoint, type StubEndpoint } from '../server.ts'
import { renderModelItem } from '../wires.ts'
import { WireExpressionError } from '../model-script.ts'

let server: StubEndpoint | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const KEY = 'sk-ant-stub-not-a-secret'

async function clientFor(items: ModelScriptItem[]): Promise<Anthropic> {
  server = await startStubEndpoint({ script: items.map((item) => ({ kind: 'model', item })), expectApiKey: KEY })
  return new Anthropic({ apiKey: KEY, baseURL: server.url, maxRetries: 0 })
}

const ask = (client: Anthropic) =>
  client.messages.stream({
    model: 'claude-stub',
    max_tokens: 100,
    system: 'You are a test.',
    messages: [{ role: 'user', content: 'hello there' }],
  })

describe('the anthropic-messages wire, read by the Anthropic SDK', () => {
  it('streams thinking, text and tool calls into one message, with the stop reason and usage', async () => {
    const client = await clientFor([
      {
        kind: 'reply',
        value: {
          reasoning: 'Think first.',
          text: 'Reading the file.',
          toolCalls: [{ id: 'toolu_1', name: 'read_file', arguments: '{"path":"a.txt"}' }],
          usage: { output: 9 },
        },
      },
    ])
    const texts: string[] = []
    const stream = ask(client).on('text', (text) => texts.push(text))
    const message = await stream.finalMessage()
    expect(texts.join('')).toBe('Reading the file.')
    expect(texts.length).toBeGreaterThan(1)
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Think first.', signature: 'stub-signature' },
      { type: 'text', text: 'Reading the file.' },
      { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
    ])
    expect(message.stop_reason).toBe('tool_use')
    // Input counted from the request as the chat-completions wire does; output as scripted.
    expect(message.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: 9 })
    expect(message.usage.input_tokens).toBeGreaterThan(0)
    expect(server?.requests[0]).toMatchObject({ path: '/v1/messages', wire: 'anthropic-messages' })
    expect(server?.requests[0]?.authorizationMatches).toBe(true)
  })

  it("answers an httpError in Anthropic's error shape, which the SDK raises as its own error class", async () => {
    const client = await clientFor([{ kind: 'httpError', value: { status: 429, message: 'slow down' } }])
    const failure = await ask(client)
      .finalMessage()
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Anthropic.RateLimitError)
    expect((failure as { error: unknown }).error).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'slow down' },
    })
  })

  it('refuses what the wire cannot say, naming it', () => {
    expect(() => renderModelItem({ kind: 'sse', value: { events: ['data: {}'] } }, 'anthropic-messages')).toThrow(
      WireExpressionError,
    )
    const unsayable = { kind: 'reply', value: { text: 'x', finishReason: 'insufficient_system_resource' } } as const
    expect(() => renderModelItem(unsayable, 'anthropic-messages')).toThrow(/has no Anthropic stop reason/)
  })
})
