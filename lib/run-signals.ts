// SIGINT / SIGTERM / SIGHUP during a batch run (`dsh test`, `dsh conformance`): the first signal
// stops new work and aborts `signal` (reason: the signal's name); the run then cleans up, writes
// its partial report and exits 128 + the signal's number. A repeated signal is the caller's call:
// the conformance runner keeps cleaning up (it owns agent processes), `dsh test` stops at once.
import { constants } from 'node:os'

export type RunSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP'
const SIGNALS: RunSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

/** The parts of `process` this module touches; tests pass an EventEmitter. */
export interface SignalSource {
  on(event: RunSignal, listener: () => void): unknown
  off(event: RunSignal, listener: () => void): unknown
}

interface RunSignalHandlers {
  /** The first signal, after `signal` is aborted. */
  onFirst(name: RunSignal): void
  /** Every later signal (`first` is the one that interrupted the run). */
  onRepeat(name: RunSignal, first: RunSignal): void
  source?: SignalSource
}

interface RunInterrupts {
  /** Aborted with the signal's name as reason. */
  readonly signal: AbortSignal
  interruptedBy(): RunSignal | undefined
  dispose(): void
}

/** 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP: what a shell reports for a process the signal ended. */
export function signalExitCode(name: RunSignal): number {
  return 128 + constants.signals[name]
}

export function watchRunSignals(handlers: RunSignalHandlers): RunInterrupts {
  const source = handlers.source ?? process
  const controller = new AbortController()
  let first: RunSignal | undefined
  const listeners = SIGNALS.map((name) => {
    const listener = () => {
      if (first) return handlers.onRepeat(name, first)
      first = name
      controller.abort(name)
      handlers.onFirst(name)
    }
    source.on(name, listener)
    return [name, listener] as const
  })
  return {
    signal: controller.signal,
    interruptedBy: () => first,
    dispose: () => {
      for (const [name, listener] of listeners) source.off(name, listener)
    },
  }
}
