// A line that is not UTF-8 (issue 43 item 23): the SDK's decoder would turn each bad byte into
// U+FFFD and run the request on text the client never sent. ACP messages are UTF-8 JSON, so such
// a line is refused by name, saying where the first bad byte is (lib/utf8.ts finds it), before
// anything parses it.
import type { MessageHead } from './message-head.ts'

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
  const error = (text: string) => {
    const data = { reason: 'invalid-utf8', offset }
    return `${JSON.stringify({ jsonrpc: '2.0', id: head.id, error: { code: -32700, message: text, data } })}\n`
  }
  const refusal: Utf8Refusal = { warning: `acp: ${message}; the agent keeps serving` }
  if (head.method === undefined && head.hasId) refusal.toSelf = error(message)
  else if (head.hasId || head.method === undefined) refusal.toPeer = error(message)
  return refusal
}
