// The in-process ACP connection as objects: what one side writes the other reads, in order; the
// agent's messages are all kept, those the client does not need are not delivered to it.
import type * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { createMessagePipe } from './message-pipe.ts'

const read = async (stream: ReadableStream<acp.AnyMessage>, count: number) => {
  const reader = stream.getReader()
  const got: acp.AnyMessage[] = []
  for (let index = 0; index < count; index++) got.push((await reader.read()).value!)
  reader.releaseLock()
  return got
}

describe('createMessagePipe', () => {
  it('hands messages across as they are, keeps all the agent sent, skips what the client needs not', async () => {
    const pipe = createMessagePipe((message) => 'method' in message && message.method === 'session/update')
    const request = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1 } } as acp.AnyMessage
    await pipe.client.writable.getWriter().write(request)
    expect(await read(pipe.agent.readable, 1)).toEqual([request])
    const update = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's' } } as acp.AnyMessage
    const response = { jsonrpc: '2.0', id: 1, result: { protocolVersion: 1 } } as acp.AnyMessage
    const writer = pipe.agent.writable.getWriter()
    await writer.write(update)
    await writer.write(response)
    expect(pipe.sent).toEqual([update, response])
    expect(pipe.sent[1]).toBe(response)
    expect(await read(pipe.client.readable, 1)).toEqual([response])
  })
})
