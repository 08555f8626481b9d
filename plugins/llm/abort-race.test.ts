// The guard's abort race: one listener on the signal for a whole stream, gone when it ends,
// and a cancel still ends a stream whose adapter is stuck waiting for its next chunk.
import { getEventListeners } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { guardStream } from './normalize-stream.ts'
import type { StreamChunk } from './types.ts'

describe('guardStream abort race', () => {
  it('adds one abort listener per stream, not per chunk, and removes it at the end', async () => {
    const controller = new AbortController()
    const add = vi.spyOn(controller.signal, 'addEventListener')
    const listeners: number[] = []
    async function* many() {
      for (let index = 0; index < 500; index++) {
        listeners.push(getEventListeners(controller.signal, 'abort').length)
        yield { type: 'text-delta', text: `${index}` } as StreamChunk
      }
      yield { type: 'finish', reason: 'stop' } as StreamChunk
    }
    const chunks: StreamChunk[] = []
    for await (const chunk of guardStream(many, controller.signal)) chunks.push(chunk)
    expect(chunks).toHaveLength(501)
    expect(add).toHaveBeenCalledTimes(1)
    expect(new Set(listeners)).toEqual(new Set([1]))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('ends with aborted when the signal fires while the adapter is waiting for its next chunk', async () => {
    const controller = new AbortController()
    let stuck!: () => void
    const waiting = new Promise<void>((resolve) => (stuck = resolve))
    async function* stalls() {
      yield { type: 'text-delta', text: 'a' } as StreamChunk
      stuck()
      await new Promise(() => {})
    }
    const chunks: StreamChunk[] = []
    const done = (async () => {
      for await (const chunk of guardStream(stalls, controller.signal)) chunks.push(chunk)
    })()
    await waiting
    controller.abort()
    await done
    expect(chunks).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'finish', reason: 'aborted' },
    ])
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})
