// The driver's input filter: session/update lines (as the SDK writes them) are dropped,
// everything else reaches the client as sent, however the bytes are chunked.
import * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { driverStream } from './skip-updates.ts'

const update = (text: string) =>
  `${JSON.stringify({
    jsonrpc: '2.0',
    method: 'session/update',
    params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } },
  })}\n`
const response = `${JSON.stringify({ jsonrpc: '2.0', id: 3, result: { stopReason: 'end_turn' } })}\n`
const request = `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'session/request_permission', params: { x: 1 } })}\n`
/** Same method, other spelling: not the SDK's bytes, so it goes to the client (which ignores it). */
const spaced = `${JSON.stringify(JSON.parse(update('kept')), null, 1).replaceAll('\n', '')}\n`

/** The messages the driver's SDK side reads from these chunks of agent output. */
async function filtered(chunks: Uint8Array[]): Promise<unknown[]> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  const messages: unknown[] = []
  const { readable } = driverStream(new WritableStream(), source)
  for await (const message of readable as unknown as AsyncIterable<unknown>) messages.push(message)
  return messages
}

/** The messages of newline-separated JSON text (a last line may lack its newline). */
const parsed = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown)

/** The text cut into pieces of `size` bytes (1 splits every multi-byte character too). */
function pieces(text: string, size: number): Uint8Array[] {
  const bytes = Buffer.from(text)
  const out: Uint8Array[] = []
  for (let at = 0; at < bytes.length; at += size) out.push(new Uint8Array(bytes.subarray(at, at + size)))
  return out
}

describe('the driver stream', () => {
  const stream = [update('héllo '), request, update('wörld'), response, spaced, update('✓')].join('')
  const kept = parsed([request, response, spaced].join(''))

  it('drops SDK-spelled session/update lines and keeps every other line', async () => {
    expect(await filtered([Buffer.from(stream)])).toEqual(kept)
  })

  it.each([1, 2, 7, 50, 64, 1000])('gives the same bytes whatever the chunk size (%i)', async (size) => {
    expect(await filtered(pieces(stream, size))).toEqual(kept)
  })

  it('passes a final line without a newline on to the client, update or not', async () => {
    expect(await filtered(pieces(`${response}${update('x').trimEnd()}`, 5))).toEqual(
      parsed(`${response}${update('x')}`),
    )
  })

  it('lets a request reach the SDK client, which answers it', async () => {
    const toClient = new TransformStream<Uint8Array, Uint8Array>()
    const fromClient = new TransformStream<Uint8Array, Uint8Array>()
    const seen: string[] = []
    const connection = acp
      .client({ name: 'filter-test' })
      .onNotification(
        acp.methods.client.session.update,
        (params: unknown) => params,
        () => void seen.push('update'),
      )
      .onRequest(acp.methods.client.session.requestPermission, () => {
        seen.push('permission')
        return { outcome: { outcome: 'cancelled' } }
      })
      .connect(driverStream(fromClient.writable, toClient.readable))
    const writer = toClient.writable.getWriter()
    const permission = {
      sessionId: 's',
      toolCall: { toolCallId: 'c1' },
      options: [{ optionId: 'allow_once', name: 'Allow', kind: 'allow_once' }],
    }
    await writer.write(Buffer.from(update('dropped')))
    await writer.write(Buffer.from(spaced))
    await writer.write(
      Buffer.from(
        `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'session/request_permission', params: permission })}\n`,
      ),
    )
    const reader = fromClient.readable.getReader()
    const { value } = await reader.read()
    expect(JSON.parse(Buffer.from(value!).toString('utf8'))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { outcome: { outcome: 'cancelled' } },
    })
    expect(seen).toEqual(['update', 'permission'])
    connection.close()
  })
})
