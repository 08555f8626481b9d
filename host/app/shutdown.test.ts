import { EventEmitter } from 'node:events'
import { PassThrough } from 'node:stream'
import { describe, expect, test } from 'vitest'
import type { SignalSource } from '../../lib/run-signals.ts'
import { watchForShutdown } from './shutdown.ts'

function setup() {
  const signals = new EventEmitter() as EventEmitter & SignalSource
  const stdin = new PassThrough()
  const exits: number[] = []
  const logs: string[] = []
  const watch = watchForShutdown({
    signals,
    stdin,
    forceExit: (code) => {
      exits.push(code)
    },
    log: (line) => logs.push(line),
  })
  return { signals, stdin, exits, logs, watch }
}

describe('watchForShutdown', () => {
  test('the first SIGTERM requests shutdown; a second one forces exit 143', async () => {
    const { signals, exits, watch } = setup()
    signals.emit('SIGTERM')
    await expect(watch.requested).resolves.toBe('SIGTERM')
    expect(exits).toEqual([])
    signals.emit('SIGTERM')
    expect(exits).toEqual([143])
    watch.stop()
  })

  test('a second SIGINT forces exit 130', async () => {
    const { signals, exits, watch } = setup()
    signals.emit('SIGINT')
    await expect(watch.requested).resolves.toBe('SIGINT')
    signals.emit('SIGINT')
    expect(exits).toEqual([130])
    watch.stop()
  })

  test('stdin EOF requests shutdown; unread stdin is resumed and discarded so EOF is noticed', async () => {
    const { stdin, watch } = setup()
    stdin.write('ignored bytes')
    watch.watchStdin()
    expect(stdin.readableFlowing).toBe(true)
    stdin.end()
    await expect(watch.requested).resolves.toBe('stdin-eof')
    watch.stop()
  })

  test('a consumer that reads stdin gets every byte; the watch does not take any', async () => {
    const { stdin, watch } = setup()
    stdin.pause()
    const received: string[] = []
    stdin.on('data', (chunk: Buffer) => received.push(chunk.toString()))
    stdin.pause() // a consumer applying backpressure: the watch must not resume it
    watch.watchStdin()
    expect(stdin.readableFlowing).toBe(false)
    stdin.write('hello ')
    stdin.end('world')
    stdin.resume()
    await expect(watch.requested).resolves.toBe('stdin-eof')
    expect(received.join('')).toBe('hello world')
    watch.stop()
  })

  test('a destroyed stdin counts as EOF', async () => {
    const { stdin, watch } = setup()
    stdin.on('data', () => {})
    watch.watchStdin()
    stdin.destroy()
    await expect(watch.requested).resolves.toBe('stdin-eof')
    watch.stop()
  })

  test('a signal after EOF-triggered shutdown forces exit', async () => {
    const { signals, stdin, exits, watch } = setup()
    watch.watchStdin()
    stdin.end()
    await watch.requested
    signals.emit('SIGTERM')
    expect(exits).toEqual([143])
    watch.stop()
  })

  test('stop() removes the signal handlers', () => {
    const { signals, watch } = setup()
    expect(signals.listenerCount('SIGTERM')).toBe(1)
    watch.stop()
    expect(signals.listenerCount('SIGTERM')).toBe(0)
    expect(signals.listenerCount('SIGINT')).toBe(0)
  })
})
