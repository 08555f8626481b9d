// The bridge's outbound stream: follow-ups right after their response, closing passed on, and a
// light writer (the SDK takes and releases one per message; a real stream's lock costs two
// rejected promises per release).
import type * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { followResponses } from './follow-responses.ts'
import { MessageWritable } from './line-stream.ts'

function recorded() {
  const written: acp.AnyMessage[] = []
  let closed = false
  const below = new MessageWritable(
    (message) => {
      written.push(message)
    },
    async () => {
      closed = true
    },
  )
  return { stream: { readable: new ReadableStream<acp.AnyMessage>(), writable: below }, written, closed: () => closed }
}

describe('followResponses', () => {
  it("writes a response's follow-ups right after it, in order", async () => {
    const { stream, written } = recorded()
    const outbound = followResponses(stream, (response) =>
      'id' in response && response.id === 1 ? [{ jsonrpc: '2.0', method: 'after', params: {} }] : [],
    )
    const writer = outbound.writable.getWriter()
    await Promise.all([
      writer.write({ jsonrpc: '2.0', id: 1, result: {} }),
      writer.write({ jsonrpc: '2.0', method: 'next', params: {} }),
    ])
    await outbound.drained()
    expect(written.map((m) => ('method' in m ? m.method : `response ${m.id}`))).toEqual(['response 1', 'after', 'next'])
  })

  it('hands out one writer without a lock, and closing it closes the stream below', async () => {
    const { stream, closed } = recorded()
    const outbound = followResponses(stream, () => [])
    const first = outbound.writable.getWriter()
    first.releaseLock()
    expect(outbound.writable.getWriter()).toBe(first)
    expect(outbound.writable.getWriter()).toBe(first)
    await first.close()
    expect(closed()).toBe(true)
    await expect(first.write({ jsonrpc: '2.0', method: 'late', params: {} })).rejects.toThrow(/was closed/)
  })
})
