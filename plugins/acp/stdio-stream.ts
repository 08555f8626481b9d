// The ACP message stream over a byte pair (the process's stdin/stdout): the SDK's ndJsonStream,
// with a line limit in front that refuses an oversized message by name instead of closing
// the connection on it (docs/acp-message-limit.md).
import * as acp from '@agentclientprotocol/sdk'
import { checkLines } from './line-checks.ts'
import { limitLines } from './line-limit.ts'
import { LineWritable } from './line-stream.ts'
import type { MessageHead } from './message-head.ts'
import { plural } from '../../lib/plural.ts'

export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024

interface LimitedStreamOptions {
  maxMessageBytes: number
  /** One line for stderr about each refused message. */
  warn(line: string): void
}

export function limitedNdJsonStream(
  output: WritableStream<Uint8Array>,
  input: ReadableStream<Uint8Array>,
  options: LimitedStreamOptions,
): acp.Stream {
  const { maxMessageBytes, warn } = options
  // One writer for both the SDK's messages and the refusals: each write is a whole line.
  const writer = output.getWriter()
  const encoder = new TextEncoder()
  const writeText = (line: string) => writer.write(encoder.encode(line))
  const writeLine = (message: unknown) => writeText(`${JSON.stringify(message)}\n`)
  const sdkOutput = new WritableStream<Uint8Array>({
    write: (chunk) => writer.write(chunk),
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  })
  const limited = input
    .pipeThrough(
      limitLines(maxMessageBytes, (head) => {
        const refusal = refuse(head, maxMessageBytes)
        warn(refusal.warning)
        if (refusal.toPeer) void writeLine(refusal.toPeer).catch(() => {})
        // A refused response cannot reach the SDK as sent; an error response in its place settles our request.
        return refusal.toSelf ? encoder.encode(`${JSON.stringify(refusal.toSelf)}\n`) : undefined
      }),
    )
    .pipeThrough(checkLines({ answer: (line) => void writeText(line).catch(() => {}), warn }))
  // Lines reaching the SDK are within the limit; its own check (slack for a CR) never fires first.
  const { readable } = acp.ndJsonStream(sdkOutput, limited, { maxMessageBytes: maxMessageBytes + 1 })
  // The agent's own messages skip the SDK's per-message writer lock (line-stream.ts).
  return { readable, writable: new LineWritable(writeText) }
}

interface Refusal {
  warning: string
  /** An error response for the peer's request. */
  toPeer?: unknown
  /** An error response standing in for the peer's oversized response to one of our requests. */
  toSelf?: unknown
}

/** What to say about one oversized message, by what it was: request, notification, response or garbage. */
function refuse(head: MessageHead, maxMessageBytes: number): Refusal {
  const limit = describeLimit(maxMessageBytes)
  const what = head.method ? `"${head.method}" ${head.hasId ? 'request' : 'notification'}` : 'message'
  const idText = head.hasId ? ` (id ${JSON.stringify(head.id)})` : ''
  const size = plural(head.bytes, 'byte')
  const hint = 'send large content as a resource_link the agent reads from disk, or split it'
  const error = (message: string) => ({
    code: -32600,
    message,
    data: { reason: 'message-too-large', maxMessageBytes, receivedBytes: head.bytes },
  })
  if (head.method === undefined && head.hasId) {
    const message =
      `the client's response${idText} is ${size}, over the ` + `${limit} limit on one ACP message; it was dropped`
    return {
      warning: `acp: ${message}`,
      toSelf: { jsonrpc: '2.0', id: head.id, error: error(message) },
    }
  }
  const message = `${what}${idText} refused: ${size}, over the ${limit} limit on one ACP message; ${hint}`
  const refusal: Refusal = { warning: `acp: ${message}; the agent keeps serving` }
  // A notification gets no answer; a request, or a line too broken to tell, gets an error response.
  if (head.hasId || head.method === undefined) refusal.toPeer = { jsonrpc: '2.0', id: head.id, error: error(message) }
  return refusal
}

function describeLimit(bytes: number): string {
  const mib = bytes / (1024 * 1024)
  return Number.isInteger(mib) ? `${bytes}-byte (${mib} MiB)` : `${bytes}-byte`
}
