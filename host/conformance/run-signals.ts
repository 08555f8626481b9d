// SIGINT / SIGTERM / SIGHUP during a run: stop launching cases, abort what is in flight, and
// still finish cleanup and write the partial report. Unlike `dsh serve`, a second signal does
// not force an exit: the runner owns agent processes, and leaving them behind is worse.
export type RunSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP'
const SIGNALS: RunSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

export interface SignalSource {
  on(event: RunSignal, listener: () => void): unknown
  off(event: RunSignal, listener: () => void): unknown
}

export interface RunInterrupts {
  /** Aborted with the signal's name as reason. */
  readonly signal: AbortSignal
  interruptedBy(): RunSignal | undefined
  dispose(): void
}

export function watchRunSignals(log: (line: string) => void, source: SignalSource = process): RunInterrupts {
  const controller = new AbortController()
  let first: RunSignal | undefined
  const handlers = SIGNALS.map((name) => {
    const handler = () => {
      if (first) {
        log(
          `dsh conformance: ${name} after ${first}; still cleaning up (agent processes are being stopped within the cleanup budget)`,
        )
        return
      }
      first = name
      log(
        `dsh conformance: ${name}; no new cases, aborting requests in flight, cleaning up, then writing the partial report`,
      )
      controller.abort(name)
    }
    source.on(name, handler)
    return [name, handler] as const
  })
  return {
    signal: controller.signal,
    interruptedBy: () => first,
    dispose: () => {
      for (const [name, handler] of handlers) source.off(name, handler)
    },
  }
}
