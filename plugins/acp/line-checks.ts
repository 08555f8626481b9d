// Two things about incoming lines that the SDK's ndJsonStream would get wrong silently
// (issue 28 item 10): an integer request id beyond 2^53, which JSON.parse rounds (the answer
// would carry a different id), and half a message left when stdin ends (dropped unread).
// Both are found on the raw bytes, before the SDK parses anything.
import { type MessageHead, MessageHeadScanner } from './message-head.ts'
import { plural } from '../../lib/plural.ts'
import { firstInvalidUtf8 } from '../../lib/utf8.ts'
import { invalidUtf8Refusal } from './utf8-check.ts'

const ID_KEY = Buffer.from('"id"')
const DIGITS_OF_MAX_SAFE = String(Number.MAX_SAFE_INTEGER).length

/**
 * The top-level "id" of `line` as written, when it is an integer JSON.parse cannot hold exactly;
 * undefined otherwise. Cheap for ordinary lines: only a `"id"` key followed by 16+ digits is scanned.
 */
function unsafeIntegerId(line: Uint8Array): { raw: string; head: MessageHead } | undefined {
  const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength)
  let suspect = false
  for (let at = bytes.indexOf(ID_KEY); at !== -1 && !suspect; at = bytes.indexOf(ID_KEY, at + ID_KEY.length)) {
    suspect = /^\s*:\s*-?\d{16,}/.test(bytes.subarray(at + ID_KEY.length, at + ID_KEY.length + 64).toString('latin1'))
  }
  if (!suspect) return undefined
  const scanner = new MessageHeadScanner()
  scanner.push(line)
  const head = scanner.head()
  const raw = scanner.rawValue('id')?.trim()
  if (!raw || !/^-?\d+$/.test(raw) || raw.replace('-', '').length < DIGITS_OF_MAX_SAFE) return undefined
  return Number.isSafeInteger(Number(raw)) ? undefined : { raw, head }
}

/** The refusal of a request whose id is `raw`, as one line that repeats the id digit for digit. */
function unsafeIdRefusal(raw: string, head: MessageHead): { line: string; warning: string } {
  const what = head.method ? `"${head.method}" request` : 'message'
  const message =
    `${what} refused: its id ${raw} is an integer beyond 2^53 (${Number.MAX_SAFE_INTEGER}), which ` +
    'JSON.parse rounds, so it could not be answered with the same id; use a string id or a smaller integer'
  const error = { code: -32600, message, data: { reason: 'unsafe-integer-id' } }
  return {
    line: `{"jsonrpc":"2.0","id":${raw},"error":${JSON.stringify(error)}}\n`,
    warning: `acp: ${message}; the agent keeps serving`,
  }
}

/** The stderr line about a message cut off by the end of stdin. */
function unterminatedWarning(head: MessageHead): string {
  const id = head.hasId ? ` (id ${JSON.stringify(head.id)})` : ''
  // An id without a method is a response only when its result or error was read: a request cut off
  // before its method has an id too (issue 43 item 23).
  const what = head.method
    ? `a "${head.method}" ${head.hasId ? 'request' : 'notification'}${id}`
    : head.answers
      ? `a response${id}`
      : head.hasId
        ? `a message${id} cut off before its method or result`
        : 'unreadable bytes'
  return (
    `acp: stdin ended inside a message: ${plural(head.bytes, 'byte')} without a closing newline, ${what}, ` +
    'were dropped unanswered; end every message with "\\n"'
  )
}

interface LineCheckActions {
  /** Writes a whole line to the peer (a refusal). */
  answer(line: string): void
  /** One line for stderr. */
  warn(line: string): void
}

/**
 * After `limitLines` (one chunk per line, newline included): refuses requests with an unsafe
 * integer id or bytes that are not UTF-8, and drops a last chunk that has no newline (stdin ended
 * inside it), saying so.
 */
export function checkLines(actions: LineCheckActions): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(line, controller) {
      if (line[line.length - 1] !== 0x0a) {
        const scanner = new MessageHeadScanner()
        scanner.push(line)
        actions.warn(unterminatedWarning(scanner.head()))
        return
      }
      const invalid = firstInvalidUtf8(line)
      if (invalid !== undefined) {
        const scanner = new MessageHeadScanner()
        scanner.push(line)
        const refusal = invalidUtf8Refusal(scanner.head(), invalid.offset, invalid.byte)
        actions.warn(refusal.warning)
        if (refusal.toPeer) actions.answer(refusal.toPeer)
        // The agent's own request then fails with that error, as if the client had answered it.
        if (refusal.toSelf) controller.enqueue(new TextEncoder().encode(refusal.toSelf))
        return
      }
      const unsafe = unsafeIntegerId(line)
      if (!unsafe) return controller.enqueue(line)
      const refusal = unsafeIdRefusal(unsafe.raw, unsafe.head)
      actions.warn(refusal.warning)
      // A request is answered; a notification has no id, and a response to an id we never sent is only reported.
      if (unsafe.head.method) actions.answer(refusal.line)
    },
  })
}
