// SessionLogFile writes a line's string straight to the fd; a short write is finished from the
// line's bytes, and the byte count it keeps is what a failed write is cut back to.
import * as fs from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionLogFile } from './log-file.ts'

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>()
  return { ...actual, writeSync: vi.fn(actual.writeSync) }
})

let root: string
let path: string
beforeEach(() => {
  root = fs.mkdtempSync(join(tmpdir(), 'dsh-log-writes-'))
  path = join(root, 's.jsonl')
  vi.clearAllMocks()
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const actual = await vi.importActual<typeof import('node:fs')>('node:fs')

describe('SessionLogFile writes', () => {
  it('finishes a short write, even one that stopped inside a multi-byte character', () => {
    const log = SessionLogFile.create(path, '{"type":"session"}', false)
    // The kernel takes 12 bytes: the cut falls inside "ü" (2 bytes at offset 11).
    vi.mocked(fs.writeSync).mockImplementationOnce((fd: number, text: unknown) =>
      actual.writeSync(fd, Buffer.from(text as string).subarray(0, 12)),
    )
    log.writeLine('{"text":"aüb☕"}')
    log.writeLine('{"seq":2}')
    log.close()
    expect(fs.readFileSync(path, 'utf8')).toBe('{"type":"session"}\n{"text":"aüb☕"}\n{"seq":2}\n')
  })

  it('cuts a failed write back to the bytes of the complete lines before it', () => {
    const log = SessionLogFile.create(path, '{"type":"session"}', false)
    log.writeLine('{"text":"ü☕ multi-byte"}')
    vi.mocked(fs.writeSync)
      .mockImplementationOnce((fd: number, text: unknown) =>
        actual.writeSync(fd, Buffer.from(text as string).subarray(0, 4)),
      )
      .mockImplementationOnce(() => {
        throw Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' })
      })
    expect(() => log.writeLine('{"seq":2,"text":"half"}')).toThrow(/ENOSPC: simulated; the event was not recorded/)
    log.writeLine('{"seq":2}')
    log.close()
    expect(fs.readFileSync(path, 'utf8')).toBe('{"type":"session"}\n{"text":"ü☕ multi-byte"}\n{"seq":2}\n')
  })
})
