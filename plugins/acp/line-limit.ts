// A newline framer in front of the SDK's ndJsonStream: it passes each line of at most
// `maxBytes` bytes through whole, and drops a longer one (with constant memory past the
// limit) instead of letting the SDK close the connection on it. See docs/acp-message-limit.md.
import { type MessageHead, MessageHeadScanner } from './message-head.ts'

const NEWLINE = 0x0a

/**
 * Bytes in, the same bytes out (one chunk per line), except lines longer than `maxBytes`
 * (newline excluded): those are reported to `onOversized` and replaced by the line it returns, if any.
 */
export function limitLines(
  maxBytes: number,
  onOversized: (head: MessageHead) => Uint8Array | undefined,
): TransformStream<Uint8Array, Uint8Array> {
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let skipping: MessageHeadScanner | undefined

  const startSkipping = (tail: Uint8Array) => {
    skipping = new MessageHeadScanner()
    for (const part of pending) skipping.push(part)
    skipping.push(tail)
    pending = []
    pendingBytes = 0
  }
  const endSkipping = (controller: TransformStreamDefaultController<Uint8Array>) => {
    const head = skipping!.head()
    skipping = undefined
    const replacement = onOversized(head)
    if (replacement) controller.enqueue(replacement)
  }

  return new TransformStream({
    transform(chunk, controller) {
      let start = 0
      for (;;) {
        const newline = chunk.indexOf(NEWLINE, start)
        const end = newline === -1 ? chunk.length : newline
        const piece = chunk.subarray(start, end)
        if (skipping) skipping.push(piece)
        else if (pendingBytes + piece.length > maxBytes) startSkipping(piece)
        if (newline === -1) {
          if (!skipping && piece.length) {
            pending.push(piece)
            pendingBytes += piece.length
          }
          return
        }
        if (skipping) endSkipping(controller)
        else {
          const line = chunk.subarray(start, newline + 1)
          controller.enqueue(pending.length ? Buffer.concat([...pending, line]) : line)
          pending = []
          pendingBytes = 0
        }
        start = newline + 1
      }
    },
    flush(controller) {
      if (skipping) endSkipping(controller)
      else if (pending.length) controller.enqueue(Buffer.concat(pending))
    },
  })
}
