// Messages that must follow a response at once: the session/new response gives the client the
// session id, and the session's command list has to come right after it, before anything else
// (a client drops updates for a session it does not know yet). Written by the same writer, so no
// other message gets between, and nothing depends on timers (transcripts stay deterministic).
import type * as acp from '@agentclientprotocol/sdk'
import { MessageWritable } from './line-stream.ts'

type Message = acp.AnyMessage

/**
 * The stream with `after(response)`'s messages written directly after each response, and
 * `drained()`: the writes so far are done. Nobody awaits a follow-up (it comes after the response
 * the client waits for), so the connection's close awaits `drained()` before it lets go.
 */
export function followResponses(
  stream: acp.Stream,
  after: (response: Message) => Message[],
): acp.Stream & { drained(): Promise<void> } {
  const writer = stream.writable.getWriter()
  let last: Promise<unknown> = Promise.resolve()
  // A light writer (line-stream.ts): the SDK takes and releases one per message, which a real
  // WritableStream answers with two rejected promises each time.
  const writable = new MessageWritable(
    (message) => {
      // Queued together, synchronously: nothing the SDK writes next can come between.
      const follow = 'id' in message && !('method' in message) ? after(message) : []
      const writes = Promise.all([message, ...follow].map((next) => writer.write(next)))
      last = writes.catch(() => {})
      return writes.then(() => undefined)
    },
    // The SDK aborts its outbound side when the input ends (stdin EOF); what was already handed
    // on (a response's follow-ups among it) is still written, as the client sent nothing wrong.
    () => writer.close(),
  )
  return { readable: stream.readable, writable, drained: () => last.then(() => undefined) }
}
