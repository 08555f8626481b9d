// Records a case as it happens: a tap on the ACP message stream sees every JSON-RPC message
// in wire order (the SDK's own handlers may run later and out of order, so order is taken
// here), and steps and client actions mark their place with the same counter.
import type * as acp from '@agentclientprotocol/sdk'
import { emptyTrace, type CaseTrace } from './trace.ts'

export class TraceRecorder {
  readonly trace: CaseTrace
  private seq = 0
  private readonly startedAt = Date.now()
  private readonly listeners = new Set<() => void>()

  constructor(cwd: string) {
    this.trace = emptyTrace(cwd)
  }

  /** A new point in the sequence: everything recorded later has a larger seq. */
  mark(): number {
    return ++this.seq
  }

  /** Calls `listener` after every recorded message; returns the unsubscribe function. */
  onMessage(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private record(dir: 'in' | 'out', message: unknown) {
    const entry =
      typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : { invalid: message }
    this.trace.wire.push({ seq: this.mark(), at: Date.now() - this.startedAt, dir, message: entry })
    for (const listener of this.listeners) listener()
  }

  /** The same stream, with both directions recorded. */
  tap(stream: acp.Stream): acp.Stream {
    const incoming = new TransformStream({
      transform: (message, controller) => {
        this.record('in', message)
        controller.enqueue(message)
      },
    })
    const outgoing = new TransformStream({
      transform: (message, controller) => {
        this.record('out', message)
        controller.enqueue(message)
      },
    })
    // Errors surface on the connection itself (closed, rejected requests); the pipe must not throw unhandled.
    outgoing.readable.pipeTo(stream.writable).catch(() => {})
    return { readable: stream.readable.pipeThrough(incoming), writable: outgoing.writable }
  }
}
