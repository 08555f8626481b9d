// Every wait in a case is bounded twice: by its timeout (a failure naming what was awaited)
// and by an abort signal: a signal to the runner (the reason is its name) stops waiting at once
// with an InterruptedError; a case-ending problem (the reason is an Error) rejects with that error.
import { withTimeout } from '../../lib/with-timeout.ts'

/** The run was interrupted (SIGINT/SIGTERM/SIGHUP) while a case was waiting. */
export class InterruptedError extends Error {
  override name = 'InterruptedError'
}

function abortError(signal: AbortSignal, when: string, what: string): Error {
  if (signal.reason instanceof Error) return signal.reason
  const name = typeof signal.reason === 'string' ? signal.reason : 'abort'
  return new InterruptedError(`interrupted by ${name} ${when} ${what}`)
}

export function waitBounded<T>(promise: Promise<T>, ms: number, what: string, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal, 'before waiting for', what))
  let onAbort!: () => void
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(signal, 'while waiting for', what))
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
