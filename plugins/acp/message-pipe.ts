// The in-process ACP connection as objects: the messages one side writes are the messages the
// other side reads, with no JSON text between them; what the agent sends is kept, in order, as
// the run's transcript (the subprocess host parses the same messages from its stdout).
import type * as acp from '@agentclientprotocol/sdk'
import { MessageWritable } from './line-stream.ts'

interface MessagePipe {
  /** The agent's side, for `ctx.acp.serve`. */
  agent: acp.Stream
  /** The client's side (the driver's connection). */
  client: acp.Stream
  /** Every message the agent sent so far, in order (the live array). */
  readonly sent: readonly acp.AnyMessage[]
}

/** `skipForClient`: messages the client does not need (it still finds them in `sent`). */
export function createMessagePipe(skipForClient: (message: acp.AnyMessage) => boolean): MessagePipe {
  const sent: acp.AnyMessage[] = []
  const toClient = messageQueue()
  const toAgent = messageQueue()
  const agentWrites = new MessageWritable((message) => {
    sent.push(message)
    if (!skipForClient(message)) toClient.push(message)
  })
  return {
    agent: { readable: toAgent.readable, writable: agentWrites },
    client: { readable: toClient.readable, writable: new MessageWritable((message) => toAgent.push(message)) },
    sent,
  }
}

function messageQueue(): { readable: ReadableStream<acp.AnyMessage>; push(message: acp.AnyMessage): void } {
  let controller!: ReadableStreamDefaultController<acp.AnyMessage>
  const readable = new ReadableStream<acp.AnyMessage>({
    start(c) {
      controller = c
    },
  })
  return {
    readable,
    push(message) {
      try {
        controller.enqueue(message)
      } catch {
        // The reading side is gone: its messages still count for the transcript.
      }
    },
  }
}
