// Byte-bounded text for tool outputs. Cuts never split a UTF-8 character, and every cut
// leaves a visible marker so the model knows something is missing.
import { plural } from '../../lib/plural.ts'

function truncationMarker(omittedBytes: number, atLeast = false): string {
  return `[output truncated: ${atLeast ? 'at least ' : ''}${plural(omittedBytes, 'byte')} omitted]`
}

/** Joins a block and a trailer line, adding a line break only when the block lacks one. */
export function appendLine(block: string, line: string): string {
  if (block === '' || block.endsWith('\n')) return block + line
  return `${block}\n${line}`
}

/** 0b10xxxxxx: inside a multi-byte character (past the end is no byte at all). */
const isContinuationByte = (byte: number | undefined) => byte !== undefined && (byte & 0b1100_0000) === 0b1000_0000

/** The largest prefix length <= limit that ends on a character boundary. */
export function headBoundary(bytes: Uint8Array, limit: number): number {
  if (limit >= bytes.length) return bytes.length
  let end = limit
  while (end > 0 && isContinuationByte(bytes[end])) end--
  return end
}

/** The smallest suffix start >= bytes.length - limit that begins on a character boundary. */
function tailBoundary(bytes: Uint8Array, limit: number): number {
  if (limit >= bytes.length) return 0
  let start = bytes.length - limit
  while (start < bytes.length && isContinuationByte(bytes[start])) start++
  return start
}

/**
 * Keeps the first `maxBytes` of a text whose first bytes are `bytes` and whose full size
 * is `totalBytes` (a caller may read only maxBytes + 1); the marker counts the dropped bytes
 * (`atLeast`: the size is a lower bound).
 */
export function truncateHead(bytes: Uint8Array, maxBytes: number, totalBytes = bytes.length, atLeast = false): string {
  const end = headBoundary(bytes, maxBytes)
  const text = Buffer.from(bytes.subarray(0, end)).toString('utf8')
  if (end === totalBytes) return text
  return appendLine(text, truncationMarker(totalBytes - end, atLeast))
}

/**
 * Captures a stream's bytes in arrival order, keeping the first and the last half of
 * `maxBytes` (the start shows what ran, the end shows how it failed) and counting the rest.
 */
export class OutputCapture {
  private head: Buffer[] = []
  private headBytes = 0
  /** The first byte past the head: it tells whether the head cut split a character. */
  private byteAfterHead: number | undefined
  private tail: Buffer[] = []
  private tailBytes = 0
  private total = 0
  private readonly headLimit: number
  private readonly tailLimit: number

  constructor(maxBytes: number) {
    this.headLimit = Math.ceil(maxBytes / 2)
    this.tailLimit = maxBytes - this.headLimit
  }

  push(chunk: Buffer): void {
    this.total += chunk.length
    const room = this.headLimit - this.headBytes
    if (room > 0) {
      const taken = chunk.subarray(0, room)
      this.head.push(taken)
      this.headBytes += taken.length
      chunk = chunk.subarray(taken.length)
    }
    if (!chunk.length) return
    this.byteAfterHead ??= chunk[0]
    this.tail.push(chunk)
    this.tailBytes += chunk.length
    // Drop whole chunks that the remaining ones already cover; trim the rest at read time.
    while (this.tail.length > 1) {
      const [first] = this.tail
      if (!first || this.tailBytes - first.length < this.tailLimit) break
      this.tail.shift()
      this.tailBytes -= first.length
    }
  }

  /** The captured text, with a marker where bytes were dropped. */
  text(): string {
    const head = Buffer.concat(this.head)
    const tail = Buffer.concat(this.tail)
    if (this.total <= this.headLimit + this.tailLimit) return Buffer.concat([head, tail]).toString('utf8')
    const headEnd = headBoundary(Buffer.concat([head, Buffer.from([this.byteAfterHead!])]), head.length)
    const tailStart = tailBoundary(tail, this.tailLimit)
    const omitted = this.total - headEnd - (tail.length - tailStart)
    const marked = appendLine(head.subarray(0, headEnd).toString('utf8'), truncationMarker(omitted))
    const tailText = tail.subarray(tailStart).toString('utf8')
    return tailText ? `${marked}\n${tailText}` : marked
  }
}
