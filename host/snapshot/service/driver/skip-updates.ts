// The driver ignores `session/update` notifications: the transcript it is judged on is the
// agent's stdout bytes, teed before they reach the client. Handing each update to the SDK
// client anyway costs a decode, a JSON parse, a stream hop and the SDK's built-in zod
// validation per model chunk (more than half the client's time on a long stream). So the
// client's input drops, line by line, every line that is exactly how the ACP SDK serializes
// a session/update notification; any other line (responses, requests, anything spelled
// differently) reaches the SDK byte for byte as before.
import * as acp from '@agentclientprotocol/sdk'

/** `JSON.stringify({ jsonrpc: '2.0', method, params })` as the SDK writes a notification. */
const UPDATE_LINE_START = `{"jsonrpc":"2.0","method":"${acp.methods.client.session.update}","params":`
const UPDATE_PREFIX = Buffer.from(UPDATE_LINE_START)

const NEWLINE = 0x0a

function isUpdateLine(bytes: Buffer, start: number, end: number): boolean {
  return (
    end - start >= UPDATE_PREFIX.length &&
    bytes.compare(UPDATE_PREFIX, 0, UPDATE_PREFIX.length, start, start + UPDATE_PREFIX.length) === 0
  )
}

/**
 * Bytes from the agent without its session/update lines; lines may arrive split across chunks.
 * `onUpdate` sees each dropped line (waits on ACP traffic count them: update-feed.ts).
 */
function withoutSessionUpdates(
  input: ReadableStream<Uint8Array>,
  onUpdate?: (line: Buffer) => void,
): ReadableStream<Uint8Array> {
  /** The start of a line whose newline has not arrived yet. */
  let partial: Buffer | undefined
  return input.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        if (partial) {
          bytes = Buffer.concat([partial, bytes])
          partial = undefined
        }
        const kept: Buffer[] = []
        let start = 0
        for (let end = bytes.indexOf(NEWLINE); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
          if (!isUpdateLine(bytes, start, end)) kept.push(bytes.subarray(start, end + 1))
          else onUpdate?.(bytes.subarray(start, end))
          start = end + 1
        }
        if (start < bytes.length) partial = bytes.subarray(start)
        const [first, ...more] = kept
        if (first) controller.enqueue(more.length ? Buffer.concat(kept) : first)
      },
      flush(controller) {
        // A last line without a newline is never a complete update: the SDK judges it.
        if (partial) controller.enqueue(partial)
      },
    }),
  )
}

/** The driver's side of an ACP byte stream pair: SDK framing, minus the updates it only counts. */
export function driverStream(
  output: WritableStream<Uint8Array>,
  input: ReadableStream<Uint8Array>,
  onUpdate?: (line: Buffer) => void,
): acp.Stream {
  return acp.ndJsonStream(output, withoutSessionUpdates(input, onUpdate))
}
