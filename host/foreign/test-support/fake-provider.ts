// The "real provider" of the live-record tests, on loopback: it speaks the gemini, openai-chat and
// anthropic-messages wires as the providers stream them (shapes written by hand, not by dsh's
// renderers), accepts only the real key in the wire's own header (a 401 in the provider's shape
// otherwise), and answers by what the request holds: a tool result, a request to read, or hello.
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ProviderWire = 'gemini' | 'openai-chat' | 'anthropic-messages'

interface Answer {
  text?: string[]
  call?: { id: string; name: string; args: Record<string, unknown> }
}

export interface FakeProvider {
  url: string
  /** Each request: its path, the key header's value and whether the agent's dummy key reached here. */
  seen: Array<{ path: string; key: string | undefined; dummy: boolean }>
  close(): Promise<void>
}

const KEY_HEADER: Record<ProviderWire, string> = {
  gemini: 'x-goog-api-key',
  'openai-chat': 'authorization',
  'anthropic-messages': 'x-api-key',
}

export async function startFakeProvider(wire: ProviderWire, key: string, leak = ''): Promise<FakeProvider> {
  const seen: FakeProvider['seen'] = []
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const header = req.headers[KEY_HEADER[wire]]
    const given = Array.isArray(header) ? header[0] : header
    seen.push({ path: req.url ?? '', key: given, dummy: JSON.stringify(req.headers).includes('dsh-dummy-key') })
    if (given !== (wire === 'openai-chat' ? `Bearer ${key}` : key)) {
      res.writeHead(401, { 'content-type': 'application/json' })
      return res.end(
        JSON.stringify({ error: { code: 401, message: 'API key not valid. Please pass a valid API key.' } }),
      )
    }
    await stream(wire, res, answerFor(body, leak))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function answerFor(body: string, leak: string): Answer {
  if (body.includes('buy milk')) return { text: ['notes.txt says: ', 'buy milk', '.'] }
  const cwd = /working in ([^.]+)\./.exec(body)?.[1] ?? '.'
  if (body.includes('Read notes.txt'))
    return { call: { id: 'call_read', name: 'read_file', args: { path: `${cwd}/notes.txt` } } }
  return { text: ['Hello ', 'from the ', 'provider.', leak] }
}

async function stream(wire: ProviderWire, res: ServerResponse, answer: Answer): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  for (const event of events(wire, answer)) {
    res.write(event)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  res.end()
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`
const named = (name: string, value: Record<string, unknown>) => `event: ${name}\n${data({ type: name, ...value })}`

function events(wire: ProviderWire, answer: Answer): string[] {
  const pieces = (answer.text ?? []).filter(Boolean)
  if (wire === 'gemini') return geminiEvents(pieces, answer.call)
  if (wire === 'openai-chat') return chatEvents(pieces, answer.call)
  return anthropicEvents(pieces, answer.call)
}

function geminiEvents(pieces: string[], call: Answer['call']): string[] {
  const candidate = (parts: unknown[], finishReason?: string) => ({
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    modelVersion: 'gemini-fake',
  })
  const out = pieces.map((piece) => data(candidate([{ text: piece }])))
  const last = candidate(call ? [{ functionCall: { name: call.name, args: call.args } }] : [{ text: '' }], 'STOP')
  return [...out, data({ ...last, usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 6 } })]
}

function chatEvents(pieces: string[], call: Answer['call']): string[] {
  const chunk = (delta: unknown, finish: string | null = null, usage?: unknown) =>
    data({
      id: 'c',
      object: 'chat.completion.chunk',
      model: 'gpt-fake',
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    })
  const fn = call ? { name: call.name, arguments: JSON.stringify(call.args) } : undefined
  const calls = call ? [chunk({ tool_calls: [{ index: 0, id: call.id, type: 'function', function: fn }] })] : []
  const usage = { prompt_tokens: 30, completion_tokens: 6, total_tokens: 36 }
  return [
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((piece) => chunk({ content: piece })),
    ...calls,
    chunk({}, call ? 'tool_calls' : 'stop', usage),
    'data: [DONE]\n\n',
  ]
}

function anthropicEvents(pieces: string[], call: Answer['call']): string[] {
  const usage = { input_tokens: 30, output_tokens: 1 }
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-fake', content: [], usage }
  const out = [named('message_start', { message })]
  const delta = (index: number, value: unknown) => named('content_block_delta', { index, delta: value })
  if (pieces.length) {
    out.push(named('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }))
    for (const piece of pieces) out.push(delta(0, { type: 'text_delta', text: piece }))
    out.push(named('content_block_stop', { index: 0 }))
  }
  if (call) {
    const index = pieces.length ? 1 : 0
    const block = { type: 'tool_use', id: call.id, name: call.name, input: {} }
    out.push(named('content_block_start', { index, content_block: block }))
    const json = JSON.stringify(call.args)
    for (const part of [json.slice(0, 5), json.slice(5)])
      out.push(delta(index, { type: 'input_json_delta', partial_json: part }))
    out.push(named('content_block_stop', { index }))
  }
  const stop = { stop_reason: call ? 'tool_use' : 'end_turn' }
  out.push(named('message_delta', { delta: stop, usage: { output_tokens: 6 } }), named('message_stop', {}))
  return out
}
