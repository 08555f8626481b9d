import type * as acp from '@agentclientprotocol/sdk'
import { expect, it } from 'vitest'
import { refuseDuplicateIds } from './duplicate-ids.ts'

/** A stream of `incoming` messages; what the agent side writes is collected in `written`. */
function guarded(incoming: object[]) {
  const written: object[] = []
  const warnings: string[] = []
  const readable = new ReadableStream<acp.AnyMessage>({
    start(controller) {
      for (const message of incoming) controller.enqueue(message as acp.AnyMessage)
      controller.close()
    },
  })
  const writable = new WritableStream<acp.AnyMessage>({ write: (message) => void written.push(message) })
  const stream = refuseDuplicateIds({ readable, writable }, (line) => warnings.push(line))
  return { stream, written, warnings }
}

async function read(stream: acp.Stream): Promise<object[]> {
  const out: object[] = []
  for await (const message of stream.readable as unknown as AsyncIterable<object>) out.push(message)
  return out
}

it('refuses a request whose id is in flight, and frees the id once it is answered', async () => {
  const first = { jsonrpc: '2.0', id: 1, method: 'session/prompt', params: {} }
  const again = { jsonrpc: '2.0', id: 1, method: 'session/list', params: {} }
  const other = { jsonrpc: '2.0', id: '1', method: 'session/list', params: {} }
  const { stream, written, warnings } = guarded([first, again, other])
  expect(await read(stream)).toEqual([first, other])
  expect(written).toEqual([
    {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32600,
        message: expect.stringContaining('"session/list" request refused: id 1 is already in flight'),
        data: { reason: 'duplicate-id', id: 1 },
      },
    },
  ])
  expect(warnings).toHaveLength(1)
  const writer = stream.writable.getWriter()
  await writer.write({ jsonrpc: '2.0', id: 1, result: {} } as acp.AnyMessage)
  expect(written).toHaveLength(2)
})

it('passes notifications and responses through untouched', async () => {
  const messages = [
    { jsonrpc: '2.0', method: 'session/cancel', params: {} },
    { jsonrpc: '2.0', method: 'session/cancel', params: {} },
    { jsonrpc: '2.0', id: 0, result: {} },
  ]
  const { stream } = guarded(messages)
  expect(await read(stream)).toEqual(messages)
})
