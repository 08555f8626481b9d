// issue 43, hang 9 and silent 22: a session log that is no regular file. A FIFO at a log's name is
// refused by type, never opened (open(2) would block the whole process); a log replaced by a symbolic
// link is never followed, so nothing is appended to a file outside the sessions root. Real FIFOs and
// links on disk.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { summarizeSessions } from './summaries.ts'
import { useStoreHarness } from './test-support/store-harness.ts'

const h = useStoreHarness()
const outsideDir = mkdtempSync(join(tmpdir(), 'dsh-outside-'))
afterAll(() => rmSync(outsideDir, { recursive: true, force: true }))

it('a FIFO as a session log: open and read name it, list and session/list leave it out, nothing blocks', async () => {
  const sessions = await h.start()
  sessions.create({ cwd: '/w', id: 'real' })
  execFileSync('mkfifo', [join(h.root, 'piped.jsonl')])
  expect(sessions.has('piped')).toBe(true)
  const named = `session log ${join(h.root, 'piped.jsonl')} is a FIFO (named pipe), not a log file dsh wrote`
  expect(() => sessions.open('piped')).toThrow(named)
  expect(() => sessions.read('piped')).toThrow(named)
  expect(sessions.list().map((header) => header.id)).toEqual(['real'])
  expect(summarizeSessions(sessions).map((summary) => summary.id)).toEqual(['real'])
})

it('a log replaced by a symlink to an outside file is not opened, and not appended to', async () => {
  let sessions = await h.start()
  const header = sessions.create({ cwd: '/w', id: 'moved' })
  sessions.append(header.id, 'turn/start', { turn: 1 })
  const log = join(h.root, 'moved.jsonl')
  const outside = join(outsideDir, 'elsewhere.jsonl')
  writeFileSync(outside, readFileSync(log))
  const before = readFileSync(outside, 'utf8')
  // While open: the name now leads out of the root; the next append stops instead of following it.
  unlinkSync(log)
  symlinkSync(outside, log)
  expect(() => sessions.append(header.id, 'turn/end', { turn: 1, reason: 'end_turn' })).toThrow(
    /was replaced by a symbolic link while the session was open; nothing more is written to it/,
  )
  // Loaded anew: the link is refused, not read through.
  sessions = await h.restart()
  expect(() => sessions.open('moved')).toThrow(`session log ${log} is a symbolic link, not a log file dsh wrote`)
  expect(readFileSync(outside, 'utf8')).toBe(before)
})
