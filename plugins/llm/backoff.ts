// The wait between a failed model call and its next attempt (docs/retries.md). The agent asks the
// llm service to wait; the service's scheduler is real timers, and replay installs an instant one,
// so a recorded backoff replays without sleeping (the wait itself is still logged by the agent).

import type { CallIdentity } from './types.ts'

/**
 * Resolves after `ms`, or at once when `signal` aborts (a cancel interrupts a backoff). `call` is
 * the attempt that failed: replay looks up whether the recording made the next one.
 */
export type BackoffScheduler = (ms: number, signal: AbortSignal, call?: CallIdentity) => Promise<void>

export const realTimers: BackoffScheduler = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
