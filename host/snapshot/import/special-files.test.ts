// issue 43, hang 9: a FIFO in the sessions root (or beside the log an import reads) never blocks
// `dsh sessions` or `dsh new --from-session`: it is refused by type before it is opened. Real FIFOs.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { listSessionsRoot, resolveSessionLog } from './sessions-root.ts'
import { readSessionTree } from './source-log.ts'

const root = mkdtempSync(join(tmpdir(), 'dsh-special-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const header = (id: string) => `{"type":"session","version":1,"id":"${id}","createdAt":1,"cwd":"/w"}\n`
writeFileSync(join(root, 'real.jsonl'), header('real'))
execFileSync('mkfifo', [join(root, 'piped.jsonl')])
mkdirSync(join(root, 'elsewhere'))
writeFileSync(join(root, 'elsewhere', 'target.jsonl'), header('linked'))
symlinkSync(join(root, 'elsewhere', 'target.jsonl'), join(root, 'linked.jsonl'))

it('dsh sessions lists the logs and leaves a FIFO and a symlink out, without opening them', () => {
  expect(listSessionsRoot(root).map((listing) => listing.id)).toEqual(['real'])
})

it('an import of a FIFO (by id or path) is a named refusal; one beside a log is passed over', () => {
  const piped = resolveSessionLog('piped', root)
  expect(() => readSessionTree(piped)).toThrow(
    `IMPORT_BAD_LOG: ${piped} is a FIFO (named pipe), not a session log dsh wrote; import a log file`,
  )
  expect(readSessionTree(join(root, 'real.jsonl')).map((log) => log.header.id)).toEqual(['real'])
})
