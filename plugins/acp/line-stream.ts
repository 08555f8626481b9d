// The agent's side of an ACP connection over newline-delimited JSON, with a cheap way out.
// Reading stays the SDK's `ndJsonStream` (framing, message size limits, answers to bad JSON).
// Writing: the SDK's connection takes a writer from its output stream for every message and
// releases it again; in Node each release rejects the writer's two promises with a fresh
// TypeError, and `ndJsonStream` then does the same once more on the byte stream below. On a
// long model stream (one `session/update` per chunk) that cost more than all of the agent's
// own work per chunk. So the output here is a real WritableStream (its own methods and pipeTo
// behave as specified) whose getWriter() hands out a light writer: each message becomes one
// `JSON.stringify(message) + "\n"` line — the bytes ndJsonStream writes — passed straight on,
// in call order.
import type * as acp from '@agentclientprotocol/sdk'

/** Takes one complete line (newline included); a returned promise settles when it is written. */
type WriteLine = (line: string) => void | Promise<void>

const settled = Promise.resolve()

/**
 * A WritableStream of messages whose getWriter() hands out the one light writer described above:
 * each message goes to `send` in call order. The in-process test host sends them on as objects.
 */
export class MessageWritable extends WritableStream<acp.AnyMessage> {
  private readonly writer: WritableStreamDefaultWriter<acp.AnyMessage>

  /** `closeBelow`: what closing (or aborting, errors ignored) this stream also closes, if anything. */
  constructor(send: (message: acp.AnyMessage) => void | Promise<void>, closeBelow?: () => Promise<void>) {
    super({ write: (message) => send(message) })
    let ended: Error | undefined
    const end = (why: 'closed' | 'aborted') => {
      ended ??= new Error(`the ACP output was ${why}; no more messages can be sent`)
      if (!closeBelow) return settled
      return why === 'closed' ? closeBelow() : closeBelow().catch(() => {})
    }
    // One writer for every getWriter() call: releasing it is a no-op, so it needs no lock.
    const writer: WritableStreamDefaultWriter<acp.AnyMessage> = {
      write: (message?: acp.AnyMessage) => {
        if (ended) return Promise.reject(ended)
        if (message === undefined) return Promise.reject(new Error('ACP output: write() needs a message'))
        try {
          return send(message) ?? settled
        } catch (error) {
          return Promise.reject(error)
        }
      },
      close: () => end('closed'),
      abort: () => end('aborted'),
      releaseLock: () => {},
      ready: settled,
      closed: new Promise<undefined>(() => {}),
      desiredSize: 1,
    }
    this.writer = writer
  }

  override getWriter(): WritableStreamDefaultWriter<acp.AnyMessage> {
    return this.writer
  }
}

/** Each message as one `JSON.stringify(message) + "\n"` line to `writeLine`. */
export class LineWritable extends MessageWritable {
  constructor(writeLine: WriteLine) {
    super((message) => writeLine(`${JSON.stringify(message)}\n`))
  }
}
