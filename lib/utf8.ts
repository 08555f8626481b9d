// Whether bytes are UTF-8, and where they stop being it (pure): the one checker for the text tools
// (a file read or edited), the bridge (an ACP line from the client) and the conformance runner (an
// agent's stdout line). A byte that is not part of a UTF-8 character would be decoded as U+FFFD,
// so each refuses or reports it by its place instead; the wording is theirs.
import { isUtf8 } from 'node:buffer'

export interface Utf8Problem {
  /** Bytes that are not part of a well-formed UTF-8 character (each shown as U+FFFD when decoded). */
  invalid: number
  /** The first of them: its 0-based offset, its value, and its 1-based line. */
  offset: number
  byte: number
  line: number
}

/** The first byte that breaks UTF-8 (its 0-based offset and value), or undefined when `bytes` is valid. */
export function firstInvalidUtf8(bytes: Uint8Array): { offset: number; byte: number } | undefined {
  if (isUtf8(bytes)) return undefined
  for (const invalid of invalidBytes(bytes)) return invalid
  return undefined
}

/** Undefined for valid UTF-8 (a native check); else the count and the first bad byte. */
export function utf8Problem(bytes: Uint8Array): Utf8Problem | undefined {
  if (isUtf8(bytes)) return undefined
  let invalid = 0
  let first: { offset: number; byte: number } | undefined
  for (const bad of invalidBytes(bytes)) {
    first ??= bad
    invalid++
  }
  // isUtf8 and the RFC 3629 table below agree on every input; a disagreement is a bug here.
  if (first === undefined) throw new Error('lib/utf8.ts: isUtf8 refused bytes the table accepts')
  let line = 1
  for (const value of bytes.subarray(0, first.offset)) if (value === 0x0a) line++
  return { invalid, ...first, line }
}

/** The byte as a person (or the model) can type it back: `0xE9`. */
export const hexByte = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`

/** The bytes that are not part of a well-formed character, with their offsets, stepping one past each. */
function* invalidBytes(bytes: Uint8Array): Generator<{ offset: number; byte: number }> {
  for (let at = 0; at < bytes.length; ) {
    const length = sequenceLength(bytes, at)
    if (length > 0) {
      at += length
      continue
    }
    const byte = bytes[at]
    if (byte !== undefined) yield { offset: at, byte }
    at++
  }
}

/** The lead byte's sequence length and the range of its second byte (RFC 3629), or undefined. */
function leadRange(lead: number): [length: number, low: number, high: number] | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf]
  if (lead === 0xe0) return [3, 0xa0, 0xbf]
  if (lead === 0xed) return [3, 0x80, 0x9f]
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf]
  if (lead === 0xf0) return [4, 0x90, 0xbf]
  if (lead === 0xf4) return [4, 0x80, 0x8f]
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf]
  return undefined
}

/** The length of the well-formed character at `at` (no overlongs, surrogates or > U+10FFFF), or 0. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]
  if (lead === undefined) return 0
  if (lead < 0x80) return 1
  const range = leadRange(lead)
  if (range === undefined) return 0
  const [length, low, high] = range
  const second = bytes[at + 1]
  // The second byte's range excludes overlong forms and surrogates; the rest are plain continuations.
  if (at + length > bytes.length || second === undefined || second < low || second > high) return 0
  for (const next of bytes.subarray(at + 2, at + length)) if ((next & 0xc0) !== 0x80) return 0
  return length
}
