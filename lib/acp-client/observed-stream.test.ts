// The observed stream as the ACP SDK uses it (a writer per message, one reader) and as a plain
// web stream (pipeTo): the same messages, in order, seen once each; closing and cancelling reach below.
import type * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { filterReadable, observeStream } from './observed-stream.ts'

const message = (id: number): acp.AnyMessage => ({ jsonrpc: '2.0', id, method: 'session/prompt', params: {} })

function below() {
  const written: acp.AnyMessage[] = []
  let closed = false
  const incoming = new TransformStream<acp.AnyMessage, acp.AnyMessage>()
  const stream: acp.Stream = {
    readable: incoming.readable,
    writable: new WritableStream({ write: (m) => void written.push(m), close: () => void (closed = true) }),
  }
  return { stream, written, isClosed: () => closed, agent: incoming.writable.getWriter() }
}

describe('observeStream', () => {
  it('passes what the SDK writes and reads on unchanged, in order, each seen once', async () => {
    const { stream, written, agent } = below()
    const sent: acp.AnyMessage[] = []
    const received: acp.AnyMessage[] = []
    const observed = observeStream(
      stream,
      (m) => sent.push(m),
      (m) => received.push(m),
    )
    for (const id of [1, 2, 3]) {
      const writer = observed.writable.getWriter()
      await writer.write(message(id))
      writer.releaseLock()
    }
    expect(written).toEqual([message(1), message(2), message(3)])
    expect(sent).toEqual(written)
    const reader = observed.readable.getReader()
    void agent.write(message(7))
    void agent.write(message(8))
    expect((await reader.read()).value).toEqual(message(7))
    expect((await reader.read()).value).toEqual(message(8))
    expect(received).toEqual([message(7), message(8)])
    void agent.close()
    expect((await reader.read()).done).toBe(true)
  })

  it('reads nothing ahead: a message below is taken only when it is asked for', async () => {
    const { stream, agent } = below()
    const received: acp.AnyMessage[] = []
    const observed = observeStream(
      stream,
      () => {},
      (m) => received.push(m),
    )
    void agent.write(message(1))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(received).toEqual([])
    expect((await observed.readable.getReader().read()).value).toEqual(message(1))
  })

  it('behaves as a web stream through pipeTo, and closing or cancelling reaches the stream below', async () => {
    const { stream, written, isClosed, agent } = below()
    const sent: acp.AnyMessage[] = []
    const observed = observeStream(
      stream,
      (m) => sent.push(m),
      () => {},
    )
    await new ReadableStream<acp.AnyMessage>({
      start(controller) {
        controller.enqueue(message(1))
        controller.close()
      },
    }).pipeTo(observed.writable)
    expect(written).toEqual([message(1)])
    expect(sent).toEqual([message(1)])
    expect(isClosed()).toBe(true)
    const collected: acp.AnyMessage[] = []
    const piping = observed.readable.pipeTo(new WritableStream({ write: (m) => void collected.push(m) }))
    await agent.write(message(2))
    await agent.close()
    await piping
    expect(collected).toEqual([message(2)])
    const other = below()
    await observeStream(
      other.stream,
      () => {},
      () => {},
    )
      .readable.getReader()
      .cancel('done')
    await expect(other.agent.write(message(3))).rejects.toBe('done')
  })

  it('filters: a message the test drops is never read above, the rest come in order', async () => {
    const { stream, agent } = below()
    const reader = filterReadable(stream.readable, (m) => 'id' in m && m.id !== 2).getReader()
    for (const id of [1, 2, 3]) void agent.write(message(id))
    void agent.close()
    expect((await reader.read()).value).toEqual(message(1))
    expect((await reader.read()).value).toEqual(message(3))
    expect((await reader.read()).done).toBe(true)
  })

  it('holds the end back until beforeEnd has settled', async () => {
    const { stream, agent } = below()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const reader = filterReadable(
      stream.readable,
      () => true,
      () => held,
    ).getReader()
    void agent.write(message(1))
    void agent.close()
    expect((await reader.read()).value).toEqual(message(1))
    let ended = false
    const end = reader.read().then((next) => (ended = next.done))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(ended).toBe(false)
    release()
    await end
    expect(ended).toBe(true)
  })

  it('runs beforeEnd when the input ends, not when the reader is cancelled from above', async () => {
    const { stream } = below()
    let ends = 0
    const reader = filterReadable(
      stream.readable,
      () => true,
      async () => void ends++,
    ).getReader()
    const pending = reader.read()
    await reader.cancel(new Error('ACP connection closed'))
    expect((await pending).done).toBe(true)
    expect(ends).toBe(0)
  })
})
