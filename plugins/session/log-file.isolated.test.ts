// Failure paths of SessionLogFile.reopen: every descriptor it opened is closed again.
import * as fs from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionLogFile } from './log-file.ts'

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>()
  return {
    ...actual,
    openSync: vi.fn(actual.openSync),
    closeSync: vi.fn(actual.closeSync),
    ftruncateSync: vi.fn(actual.ftruncateSync),
    writeSync: vi.fn(actual.writeSync),
    fsyncSync: vi.fn(actual.fsyncSync),
  }
})

let root: string
let file: string
beforeEach(() => {
  root = fs.mkdtempSync(join(tmpdir(), 'dsh-log-file-'))
  file = join(root, 's.jsonl')
  fs.writeFileSync(file, '{"type":"session","id":"s"}')
  vi.clearAllMocks()
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const failure = (code: string) => Object.assign(new Error(`${code}: simulated failure`), { code })

/** The descriptors openSync handed out that closeSync never got (replayed in call order: numbers are reused). */
function leaked(): number[] {
  const open = vi.mocked(fs.openSync).mock
  const close = vi.mocked(fs.closeSync).mock
  const events = [
    ...open.invocationCallOrder.map((order, i) => {
      const result = open.results[i]
      return { order, opened: result?.type === 'return' ? (result.value as number) : undefined }
    }),
    ...close.invocationCallOrder.map((order, i) => ({ order, closed: close.calls[i]?.[0] })),
  ].sort((a, b) => a.order - b.order)
  const live = new Set<number>()
  for (const event of events) {
    if ('opened' in event && event.opened !== undefined) live.add(event.opened)
    if ('closed' in event && event.closed !== undefined) live.delete(event.closed)
  }
  return [...live]
}

describe('SessionLogFile.reopen', () => {
  it('appends after the valid bytes and adds the missing newline', () => {
    fs.appendFileSync(file, '\n{"torn')
    const log = SessionLogFile.reopen(file, { readBytes: 34, validBytes: 27, endsWithNewline: false }, false)
    log.writeLine('{"seq":1}')
    log.close()
    expect(fs.readFileSync(file, 'utf8')).toBe('{"type":"session","id":"s"}\n{"seq":1}\n')
    expect(leaked()).toEqual([])
  })

  it('closes the descriptor and releases the lock when the truncate fails', () => {
    vi.mocked(fs.ftruncateSync).mockImplementationOnce(() => {
      throw failure('EIO')
    })
    expect(() => SessionLogFile.reopen(file, { readBytes: 27, validBytes: 10, endsWithNewline: true }, false)).toThrow(
      `cannot open session log ${file} for appending: EIO: simulated failure`,
    )
    // The log once (the lock is read with its own open when released).
    expect(vi.mocked(fs.openSync).mock.calls.filter(([path]) => path === file)).toHaveLength(1)
    expect(leaked()).toEqual([])
    expect(fs.readdirSync(root)).toEqual(['s.jsonl'])
  })

  it('closes the append descriptor when the missing newline cannot be written', () => {
    vi.mocked(fs.writeSync).mockImplementationOnce(() => {
      throw failure('ENOSPC')
    })
    expect(() => SessionLogFile.reopen(file, { readBytes: 27, validBytes: 27, endsWithNewline: false }, false)).toThrow(
      /cannot append to session log .*ENOSPC: simulated failure; the event was not recorded/,
    )
    // The log once (the lock is read with its own open when released).
    expect(vi.mocked(fs.openSync).mock.calls.filter(([path]) => path === file)).toHaveLength(1)
    expect(leaked()).toEqual([])
    expect(fs.readdirSync(root)).toEqual(['s.jsonl'])
  })

  it('refuses a file that changed since the caller read it', () => {
    expect(() => SessionLogFile.reopen(file, { readBytes: 20, validBytes: 20, endsWithNewline: true }, false)).toThrow(
      'it changed while it was being opened (20 bytes read, now 27); open it again',
    )
    expect(leaked()).toEqual([])
    expect(fs.readFileSync(file, 'utf8')).toBe('{"type":"session","id":"s"}')
  })
})

describe('SessionLogFile.close', () => {
  it('fsyncs before closing by default, and skips the sync when asked (throwaway test logs)', () => {
    SessionLogFile.create(join(root, 'a.jsonl'), '{"type":"session"}', false).close()
    expect(fs.fsyncSync).toHaveBeenCalledTimes(1)
    SessionLogFile.create(join(root, 'b.jsonl'), '{"type":"session"}', false).close(false)
    expect(fs.fsyncSync).toHaveBeenCalledTimes(1)
    expect(fs.readFileSync(join(root, 'b.jsonl'), 'utf8')).toBe('{"type":"session"}\n')
  })
})
