// Closing a connection without dropping answers (issue 28 item 7): on SIGTERM, SIGINT or stdin
// EOF the bridge cancels the running turns, waits until each in-flight request's handler has
// returned and every message the SDK queued after it is written, and only then closes the SDK
// connection, so each session/prompt gets its `cancelled` on stdout before the process exits.
// The wait is bounded: a client that stopped reading cannot hold the shutdown.
import type * as acp from '@agentclientprotocol/sdk'
import { MessageWritable } from './line-stream.ts'

const CLOSE_ANSWER_BUDGET_MS = 2000

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve))

export class AnsweredClose {
  private readonly handlers = new Set<Promise<unknown>>()
  private writesStarted = 0
  private unwritten = 0
  private lastWrite: Promise<unknown> = Promise.resolve()

  /** `stream` with every outgoing message counted until it is written. */
  wrap(stream: acp.Stream): acp.Stream {
    const writable = new MessageWritable((message) => {
      const writer = stream.writable.getWriter()
      this.writesStarted++
      this.unwritten++
      const written = writer.write(message).finally(() => {
        this.unwritten--
      })
      writer.releaseLock()
      this.lastWrite = written.catch(() => {})
      return written
    })
    return { readable: stream.readable, writable }
  }

  /** A request handler's result, remembered until it settles. */
  track<T>(handling: Promise<T>): Promise<T> {
    this.handlers.add(handling)
    void handling.then(
      () => this.handlers.delete(handling),
      () => this.handlers.delete(handling),
    )
    return handling
  }

  /** Settles once every tracked handler returned and what was queued after is written, or after `budgetMs`. */
  async settled(budgetMs = CLOSE_ANSWER_BUDGET_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, budgetMs)
    })
    try {
      await Promise.race([this.drain(), budget])
    } finally {
      clearTimeout(timer)
    }
  }

  private async drain(): Promise<void> {
    await Promise.allSettled([...this.handlers])
    for (;;) {
      const started = this.writesStarted
      // The SDK queues a handler's response a few promise steps after the handler returns.
      await nextMacrotask()
      await this.lastWrite
      if (this.writesStarted === started && this.unwritten === 0) return
    }
  }
}
