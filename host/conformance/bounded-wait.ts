// Every wait in a case is bounded twice: by its timeout (a failure naming what was awaited)
// and by the run's abort signal (a signal to the runner stops waiting at once).
import { withTimeout } from '../../lib/with-timeout.ts'

/** The run was interrupted (SIGINT/SIGTERM/SIGHUP) while a case was waiting. */
export class InterruptedError extends Error {
  override name = 'InterruptedError'
}

function abortReason(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'abort'
}

export function waitBounded<T>(promise: Promise<T>, ms: number, what: string, signal: AbortSignal): Promise<T> {
  if (signal.aborted)
    return Promise.reject(new InterruptedError(`interrupted by ${abortReason(signal)} before waiting for ${what}`))
  let onAbort!: () => void
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new InterruptedError(`interrupted by ${abortReason(signal)} while waiting for ${what}`))
    signal.addEventListener('abort', onAbort, { once: true })
  })
  return withTimeout(Promise.race([promise, aborted]), ms, what).finally(() =>
    signal.removeEventListener('abort', onAbort),
  )
}

/** A pause that ends early (rejecting) when the run is interrupted. */
export function sleepBounded(ms: number, signal: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  return waitBounded(
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
    ms + 60_000,
    `a ${ms} ms sleep`,
    signal,
  ).finally(() => clearTimeout(timer))
}
