import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { signalExitCode, watchRunSignals, type SignalSource } from './run-signals.ts'

describe('watchRunSignals', () => {
  it('aborts with the first signal, hands later ones to onRepeat, and removes its listeners', () => {
    const source = new EventEmitter() as EventEmitter & SignalSource
    const seen: string[] = []
    const interrupts = watchRunSignals({
      source,
      onFirst: (name) => seen.push(`first ${name} aborted=${interrupts.signal.aborted}`),
      onRepeat: (name, first) => seen.push(`repeat ${name} after ${first}`),
    })
    expect(interrupts.interruptedBy()).toBeUndefined()
    source.emit('SIGTERM')
    source.emit('SIGINT')
    expect(seen).toEqual(['first SIGTERM aborted=true', 'repeat SIGINT after SIGTERM'])
    expect(interrupts.signal.reason).toBe('SIGTERM')
    expect(interrupts.interruptedBy()).toBe('SIGTERM')
    interrupts.dispose()
    expect(['SIGINT', 'SIGTERM', 'SIGHUP'].map((name) => source.listenerCount(name))).toEqual([0, 0, 0])
  })

  it('exits as a shell reports a process the signal ended', () => {
    expect([signalExitCode('SIGINT'), signalExitCode('SIGTERM'), signalExitCode('SIGHUP')]).toEqual([130, 143, 129])
  })
})
