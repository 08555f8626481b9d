import type * as acp from '@agentclientprotocol/sdk'
import { expect, it } from 'vitest'
import { AnsweredClose } from './answered-close.ts'
import { MessageWritable } from './line-stream.ts'

const message = (id: number) => ({ jsonrpc: '2.0', id, result: {} }) as acp.AnyMessage

it('settles after the handlers return and the messages queued after them are written', async () => {
  const written: unknown[] = []
  const close = new AnsweredClose()
  const stream = close.wrap({
    readable: new ReadableStream(),
    writable: new MessageWritable((m) => {
      written.push(m)
    }),
  })
  let finish!: () => void
  const handler = close.track(new Promise<void>((resolve) => (finish = resolve)))
  // The SDK writes the handler's answer a few promise steps after it returns.
  void handler
    .then(() => undefined)
    .then(() => undefined)
    .then(() => stream.writable.getWriter().write(message(7)))
  const settled = close.settled(5000)
  finish()
  await settled
  expect(written).toEqual([message(7)])
})

it('gives up after its budget when the client never reads', async () => {
  const close = new AnsweredClose()
  const stream = close.wrap({
    readable: new ReadableStream(),
    writable: new MessageWritable(() => new Promise(() => {})),
  })
  void stream.writable.getWriter().write(message(1))
  const started = Date.now()
  await close.settled(100)
  expect(Date.now() - started).toBeLessThan(2000)
})
