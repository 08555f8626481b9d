// Each kind of special file is refused by type, never opened blocking: a FIFO (no writer ever comes),
// a listening socket, a character device, a link, a directory; a regular file reads whole.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NotRegularFileError, readRegularFileSync } from './regular-file.ts'

const dir = mkdtempSync(join(tmpdir(), 'dsh-regular-file-'))
const servers: Server[] = []
afterAll(() => {
  for (const server of servers) server.close()
})

const refusal = (path: string) => {
  try {
    readRegularFileSync(path)
  } catch (error) {
    return error instanceof NotRegularFileError ? error.message : `other: ${(error as Error).message}`
  }
  return 'read'
}

describe('readRegularFileSync', () => {
  it('reads a regular file', () => {
    writeFileSync(join(dir, 'plain.txt'), 'hello\n')
    expect(readRegularFileSync(join(dir, 'plain.txt')).toString()).toBe('hello\n')
  })

  it('refuses a FIFO without waiting for a writer', () => {
    const fifo = join(dir, 'pipe')
    execFileSync('mkfifo', [fifo])
    expect(refusal(fifo)).toBe(`${fifo} is a FIFO (named pipe), not a regular file`)
  })

  it('refuses a socket someone listens on', async () => {
    const socket = join(dir, 'listening.sock')
    const server = createServer()
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(socket, resolve))
    expect(refusal(socket)).toBe(`${socket} is a socket, not a regular file`)
  })

  it('refuses a character device, a symbolic link and a directory', () => {
    expect(refusal('/dev/zero')).toBe('/dev/zero is a character device, not a regular file')
    const link = join(dir, 'link')
    symlinkSync(join(dir, 'plain.txt'), link)
    expect(refusal(link)).toBe(`${link} is a symbolic link, not a regular file`)
    expect(refusal(dir)).toBe(`${dir} is a directory, not a regular file`)
  })
})
