// A line that is not UTF-8 (issue 43 item 23): the SDK's decoder would turn each bad byte into
// U+FFFD and run the request on text the client never sent. ACP messages are UTF-8 JSON, so such
// a line is refused by name, saying where the first bad byte is, before anything parses it.
import { isUtf8 } from 'node:buffer'
import type { MessageHead } from './message-head.ts'

/** The 0-based offset of the first byte that breaks UTF-8, or undefined when `bytes` is valid. */
export function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  if (isUtf8(bytes)) return undefined
  let at = 0
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at)
    if (length === 0) return at
    at += length
  }
  return undefined
}

/** How many bytes the well-formed sequence at `at` takes (RFC 3629), 0 when it is not one. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!
  if (lead < 0x80) return 1
  const [length, low, high] =
    lead >= 0xc2 && lead <= 0xdf
      ? [2, 0x80, 0xbf]
      : lead === 0xe0
        ? [3, 0xa0, 0xbf]
        : lead === 0xed
          ? [3, 0x80, 0x9f]
          : lead >= 0xe1 && lead <= 0xef
            ? [3, 0x80, 0xbf]
            : lead === 0xf0
              ? [4, 0x90, 0xbf]
              : lead === 0xf4
                ? [4, 0x80, 0x8f]
                : lead >= 0xf1 && lead <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : [0, 0, 0]
  if (length === 0 || at + length > bytes.length) return 0
  // The second byte's range excludes overlong forms and surrogates; the rest are plain continuations.
  if (bytes[at + 1]! < low || bytes[at + 1]! > high) return 0
  for (let next = at + 2; next < at + length; next++) if ((bytes[next]! & 0xc0) !== 0x80) return 0
  return length
}

interface Utf8Refusal {
  warning: string
  /** The error response for the client's request. */
  toPeer?: string
  /** An error response standing in for the client's response to one of the agent's requests. */
  toSelf?: string
}

/** What to say about a line whose byte `offset` breaks UTF-8, by what the line is. */
export function invalidUtf8Refusal(head: MessageHead, offset: number, byte: number): Utf8Refusal {
  const id = head.hasId ? ` (id ${JSON.stringify(head.id)})` : ''
  const what = head.method
    ? `"${head.method}" ${head.hasId ? 'request' : 'notification'}${id}`
    : head.hasId
      ? `the client's response${id}`
      : 'message'
  const hex = `0x${byte.toString(16).padStart(2, '0')}`
  const message =
    `${what} refused: byte ${offset} is not valid UTF-8 (${hex}); ACP messages are UTF-8 JSON, so the text ` +
    'would have been changed (to U+FFFD) before the agent read it; send it encoded as UTF-8'
  const error = (text: string) =>
    `${JSON.stringify({ jsonrpc: '2.0', id: head.id, error: { code: -32700, message: text, data: { reason: 'invalid-utf8', offset } } })}\n`
  const refusal: Utf8Refusal = { warning: `acp: ${message}; the agent keeps serving` }
  if (head.method === undefined && head.hasId) refusal.toSelf = error(message)
  else if (head.hasId || head.method === undefined) refusal.toPeer = error(message)
  return refusal
}
