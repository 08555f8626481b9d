// Read only line 1 of a file, so listing sessions does not load whole logs. Only a regular file is
// opened (lib/regular-file.ts): a FIFO in the sessions root never blocks a listing.
import { closeSync, readSync } from 'node:fs'
import { openRegularSync } from '../../lib/regular-file.ts'

const CHUNK = 4096

/** Line 1 without its newline (the whole file when it has none). */
export function readFirstLine(path: string): string {
  const fd = openRegularSync(path)
  try {
    const chunks: Buffer[] = []
    const buffer = Buffer.alloc(CHUNK)
    while (true) {
      const read = readSync(fd, buffer, 0, CHUNK, null)
      if (read === 0) break
      const newline = buffer.subarray(0, read).indexOf(0x0a)
      if (newline >= 0) {
        chunks.push(Buffer.from(buffer.subarray(0, newline)))
        break
      }
      chunks.push(Buffer.from(buffer.subarray(0, read)))
    }
    return Buffer.concat(chunks).toString('utf8')
  } finally {
    closeSync(fd)
  }
}
