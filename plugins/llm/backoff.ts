// The wait between a failed model call and its next attempt (docs/retries.md). The agent asks the
// llm service to wait; the service's scheduler is real timers, and replay installs an instant one,
// so a recorded backoff replays without sleeping (the wait itself is still logged by the agent).

/** Resolves after `ms`, or at once when `signal` aborts (a cancel interrupts a backoff). */
export type BackoffScheduler = (ms: number, signal: AbortSignal) => Promise<void>

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

/** Replay's scheduler: no wait at all (a cancel still ends the turn: the agent checks the signal after). */
export const instant: BackoffScheduler = () => Promise.resolve()
