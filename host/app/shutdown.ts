import { constants } from 'node:os'
import type { Readable } from 'node:stream'
import type { SignalSource } from '../../lib/run-signals.ts'

type ShutdownReason = 'stdin-eof' | 'SIGTERM' | 'SIGINT'
type Signal = 'SIGTERM' | 'SIGINT'
const SIGNALS: Signal[] = ['SIGTERM', 'SIGINT']

interface ShutdownOptions {
  signals?: SignalSource
  stdin?: Readable
  /** Called with 128 + signal number when a signal arrives while shutdown is already under way. */
  forceExit?: (code: number) => void
  /** One diagnostic line; defaults to stderr (stdout carries protocol bytes). */
  log?: (line: string) => void
}

interface ShutdownWatch {
  /** Resolves with the first reason to stop: stdin EOF (or close), SIGTERM or SIGINT. */
  readonly requested: Promise<ShutdownReason>
  /**
   * Start noticing stdin EOF. Call after boot: an 'end' listener does not consume data, but if no
   * plugin reads stdin (no 'data'/'readable' listener, not flowing) 'end' would never fire, so then
   * stdin is resumed and its bytes discarded.
   */
  watchStdin(): void
  /** Remove every listener this watch added. */
  stop(): void
}

/**
 * Install SIGTERM/SIGINT handlers now (so a signal during boot is graceful too). The first signal
 * or stdin EOF resolves `requested`; the caller then awaits disposal. Any signal after that forces
 * exit with 128 + signal number (130 for SIGINT, 143 for SIGTERM).
 */
export function watchForShutdown(options: ShutdownOptions = {}): ShutdownWatch {
  const {
    signals = process,
    stdin = process.stdin,
    forceExit = (code: number) => process.exit(code),
    log = (line: string) => {
      process.stderr.write(`${line}\n`)
    },
  } = options
  let resolveRequested!: (reason: ShutdownReason) => void
  const requested = new Promise<ShutdownReason>((resolve) => {
    resolveRequested = resolve
  })
  let stopping = false

  const request = (reason: ShutdownReason) => {
    stopping = true
    resolveRequested(reason)
  }
  const handlers = new Map<Signal, () => void>()
  for (const signal of SIGNALS) {
    const handler = () => {
      if (stopping) {
        log(`dsh: ${signal} again; exiting without waiting for disposal`)
        return forceExit(128 + constants.signals[signal])
      }
      log(`dsh: ${signal}; disposing plugins (send it again to force exit)`)
      request(signal)
    }
    handlers.set(signal, handler)
    signals.on(signal, handler)
  }
  const onEnd = () => {
    if (!stopping) request('stdin-eof')
  }

  return {
    requested,
    watchStdin() {
      if (stdin.readableEnded || stdin.destroyed) return onEnd()
      // 'close' too: a stream destroyed without 'end' can no longer deliver anything either.
      stdin.once('end', onEnd)
      stdin.once('close', onEnd)
      const consumed =
        stdin.listenerCount('data') > 0 || stdin.listenerCount('readable') > 0 || stdin.readableFlowing === true
      if (!consumed) stdin.resume()
    },
    stop() {
      for (const [signal, handler] of handlers) signals.off(signal, handler)
      stdin.off('end', onEnd)
      stdin.off('close', onEnd)
    },
  }
}
