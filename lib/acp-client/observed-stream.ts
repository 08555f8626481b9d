// An ACP stream whose messages are seen in both directions, in wire order, at a function call's
// cost. The ACP SDK takes a writer from the output for every message and releases it again, and
// reads its input through one reader: a TransformStream on each side (and the pipes between them)
// added several promise hops and a released writer's two rejected promises to every message, about
// as much as the agent's own work on a short turn (docs/benchmarks.md, issue 36). So each side here
// is a real stream (its own methods and pipeTo behave as specified) whose getWriter()/getReader()
// hands out a light one that passes each message straight on to the stream below, seen first.
import type * as acp from '@agentclientprotocol/sdk'

type Message = acp.AnyMessage
type See = (message: Message) => void
/** Whether a message read goes on to the reader (false: it is dropped here, seen by no one above). */
type Pass = (message: Message) => boolean

const settled = Promise.resolve()

/** `stream` as is, with `sent` called on what is written to it and `received` on what is read from it. */
export function observeStream(stream: acp.Stream, sent: See, received: See): acp.Stream {
  const readable = filterReadable(stream.readable, (message) => {
    received(message)
    return true
  })
  return { readable, writable: new ObservedWritable(stream.writable, sent) }
}

/**
 * `below`'s messages that `pass` lets through, in order, read as cheaply as observeStream's. With
 * `beforeEnd`, the end of `below` reaches the reader only once `beforeEnd()` has settled (a rejection
 * is the reader's error), as a TransformStream's `flush` holds it.
 */
export function filterReadable(
  below: ReadableStream<Message>,
  pass: Pass,
  beforeEnd?: () => Promise<void>,
): ReadableStream<Message> {
  return new FilteredReadable(below, pass, beforeEnd)
}

class ObservedWritable extends WritableStream<Message> {
  private readonly writer: WritableStreamDefaultWriter<Message>

  constructor(below: WritableStream<Message>, see: See) {
    // The stream below is this one's alone: its writer is taken once and kept.
    let target: WritableStreamDefaultWriter<Message> | undefined
    const down = () => (target ??= below.getWriter())
    const write = (message: Message) => {
      see(message)
      return down().write(message)
    }
    super({ write, close: () => down().close(), abort: (reason) => down().abort(reason) })
    // One writer for every getWriter() call: releasing it is a no-op, so it needs no lock.
    this.writer = {
      write: (message?: Message) => {
        if (message === undefined) return Promise.reject(new Error('ACP output: write() needs a message'))
        try {
          return write(message)
        } catch (error) {
          return Promise.reject(error)
        }
      },
      close: () => down().close(),
      abort: (reason?: unknown) => down().abort(reason),
      releaseLock: () => {},
      ready: settled,
      closed: new Promise<undefined>(() => {}),
      desiredSize: 1,
    }
  }

  override getWriter(): WritableStreamDefaultWriter<Message> {
    return this.writer
  }
}

class FilteredReadable extends ReadableStream<Message> {
  private readonly reader: ReadableStreamDefaultReader<Message>

  constructor(below: ReadableStream<Message>, pass: Pass, beforeEnd?: () => Promise<void>) {
    // The stream below is this one's alone: its reader is taken once and kept.
    let source: ReadableStreamDefaultReader<Message> | undefined
    const up = () => (source ??= below.getReader())
    let ending: Promise<void> | undefined
    // Cancelled from above (the SDK closing the connection): that end is not the input's, and
    // `beforeEnd` is not run for it, as a TransformStream's flush is not on cancel.
    let cancelled = false
    const cancel = (reason?: unknown) => {
      cancelled = true
      return up().cancel(reason)
    }
    const read = async (): ReturnType<ReadableStreamDefaultReader<Message>['read']> => {
      for (;;) {
        const next = await up().read()
        if (next.done && beforeEnd && !cancelled) await (ending ??= beforeEnd())
        if (next.done || pass(next.value)) return next
      }
    }
    // highWaterMark 0: the stream's own side reads below only when asked, never ahead of the light reader.
    super(
      {
        pull: async (controller) => {
          const next = await read()
          if (next.done) controller.close()
          else controller.enqueue(next.value)
        },
        cancel,
      },
      { highWaterMark: 0 },
    )
    // One reader for every getReader() call, as the writer above.
    const reader = {
      read,
      cancel,
      releaseLock: () => {},
      closed: new Promise<undefined>(() => {}),
    }
    this.reader = reader
  }

  override getReader(): ReadableStreamDefaultReader<Message>
  override getReader(options: { mode: 'byob' }): never
  override getReader(options?: { mode?: 'byob' }): ReadableStreamDefaultReader<Message> {
    if (options?.mode === 'byob') throw new TypeError('an ACP message stream has no byob reader')
    return this.reader
  }
}
