// Bytes appended to one growing buffer. The memory pipe keeps every line the agent wrote for
// the transcript; as a hundred thousand small strings those would live on the JS heap and be
// copied by every young-generation collection, while buffer memory is never scanned.
export class ByteLog {
  private bytes = Buffer.allocUnsafe(64 * 1024)
  private length = 0

  appendString(text: string): void {
    // A UTF-8 character takes at most 3 bytes per UTF-16 code unit.
    this.reserve(text.length * 3)
    this.length += this.bytes.write(text, this.length, 'utf8')
  }

  appendBytes(chunk: Uint8Array): void {
    this.reserve(chunk.byteLength)
    this.bytes.set(chunk, this.length)
    this.length += chunk.byteLength
  }

  /** Everything appended so far, decoded as UTF-8. */
  text(): string {
    return this.bytes.toString('utf8', 0, this.length)
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + extra))
    this.bytes.copy(grown, 0, 0, this.length)
    this.bytes = grown
  }
}
