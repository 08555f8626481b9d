// Whether bytes are UTF-8, and where they stop being it (pure). The text tools decode files as
// UTF-8; a byte that is not part of a UTF-8 character would become U+FFFD, so a read says how many
// were replaced and an edit refuses the file instead of rewriting them (issue 43, loss 3).
import { isUtf8 } from 'node:buffer'

export interface Utf8Problem {
  /** Bytes that are not part of a well-formed UTF-8 character (each shown as U+FFFD when decoded). */
  invalid: number
  /** The first of them: its offset, its value, and its 1-based line. */
  offset: number
  byte: number
  line: number
}

/** Undefined for valid UTF-8 (a native check); else the count and the first bad byte. */
export function utf8Problem(bytes: Uint8Array): Utf8Problem | undefined {
  if (isUtf8(bytes)) return undefined
  let invalid = 0
  let first = -1
  for (let at = 0; at < bytes.length; ) {
    const length = sequenceLength(bytes, at)
    if (length > 0) {
      at += length
      continue
    }
    if (first < 0) first = at
    invalid++
    at++
  }
  let line = 1
  for (let at = 0; at < first; at++) if (bytes[at] === 0x0a) line++
  return { invalid, offset: first, byte: bytes[first]!, line }
}

/** The length of the well-formed UTF-8 character at `at` (RFC 3629: no overlongs, surrogates or > U+10FFFF), or 0. */
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
  const second = bytes[at + 1]!
  if (second < low || second > high) return 0
  for (let next = at + 2; next < at + length; next++) if ((bytes[next]! & 0xc0) !== 0x80) return 0
  return length
}

/** The byte as the model can type it back: `0xE9`. */
export const hexByte = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`
