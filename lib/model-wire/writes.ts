// How the stub puts bytes on the wire: one write per event, or separate writes that cut
// multi-byte UTF-8 characters in two (as a real connection may deliver them).
import type { ServerResponse } from 'node:http'

/** Separate writes, each ending just after the first byte of a multi-byte character; yields between them. */
export async function writeCuttingCharacters(res: ServerResponse, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8')
  let start = 0
  for (let index = 0; index <= bytes.length; index++) {
    // 0b11xxxxxx starts a multi-byte character: cut right after it.
    const byte = bytes[index]
    if (byte !== undefined && byte < 0xc0) continue
    const end = Math.min(index + 1, bytes.length)
    if (res.destroyed) return
    await write(res, bytes.subarray(start, end))
    await new Promise((resolve) => setImmediate(resolve))
    start = end
  }
}

/** One write, resolved once the data is handed to the socket (or at once when it is gone). */
export function write(res: ServerResponse, data: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve()
    res.write(data, () => resolve())
  })
}
