// Backpressure for one connection's notifications. Each session/update is written in order
// (the SDK's write queue); its promise settles once the bytes are handed to stdout without
// waiting for a drain. A client that stops reading lets the queue grow without bound unless the
// producer waits: past `limit` unwritten messages, `wait()` hands the turn loop a promise that
// settles when the queue is written out (or the turn is cancelled), so the model stream pauses.
const DEFAULT_BACKLOG_LIMIT = 256

export class Backlog {
  private unwritten = 0
  private last: Promise<void> = Promise.resolve()

  constructor(private readonly limit = DEFAULT_BACKLOG_LIMIT) {}

  /** One more message on its way; `written` settles (never rejects) once it is written. */
  track(written: Promise<void>): void {
    this.unwritten++
    this.last = written.finally(() => {
      this.unwritten--
    })
  }

  /** Messages queued and not yet written. */
  get size(): number {
    return this.unwritten
  }

  /** Undefined while the client keeps up; else settles when the queue is written out or `signal` aborts. */
  wait(signal?: AbortSignal): Promise<void> | undefined {
    if (this.unwritten <= this.limit) return undefined
    if (!signal) return this.last
    if (signal.aborted) return undefined
    return new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done)
        resolve()
      }
      signal.addEventListener('abort', done, { once: true })
      void this.last.then(done)
    })
  }
}
