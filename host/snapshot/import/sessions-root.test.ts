// The sessions root listed and resolved from real files: newest first with turns and sizes; ids,
// prefixes and paths resolved; unknown and ambiguous ids named with their matches.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { listSessionsRoot, resolveSessionLog } from './sessions-root.ts'

const root = mkdtempSync(join(tmpdir(), 'dsh-sessions-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const prompt = (turn: number, text: string) =>
  `${JSON.stringify({
    seq: turn,
    time: 1,
    type: 'user/message',
    data: { turn, messageId: 'm', content: [{ type: 'text', text }] },
  })}\n`
function session(id: string, mtime: number, ...prompts: string[]) {
  const file = join(root, `${id}.jsonl`)
  writeFileSync(file, `{"type":"session","version":1,"id":"${id}","createdAt":1,"cwd":"/w/${id}"}\n`)
  writeFileSync(file, prompts.map((text, i) => prompt(i + 1, text)).join(''), { flag: 'a' })
  utimesSync(file, mtime, mtime)
  return file
}
session('aaa-old', 1000, 'first question', 'second')
const newer = session('aab-new', 2000)
writeFileSync(join(root, 'notes.jsonl'), 'not a session\n')
writeFileSync(
  join(root, 'ccc-child.jsonl'),
  '{"type":"session","version":1,"id":"ccc-child","createdAt":1,"cwd":"/w","parentSession":"aaa-old",' +
    '"parentCallId":"c1","spawn":{"turn":1,"step":1,"call":0}}\n',
)

describe('listSessionsRoot', () => {
  it('lists sessions newest first with title, cwd, turns and size; subagents and other files are skipped', () => {
    const listed = listSessionsRoot(root)
    expect(listed.map(({ id, title, cwd, turns }) => ({ id, title, cwd, turns }))).toEqual([
      { id: 'aab-new', title: undefined, cwd: '/w/aab-new', turns: 0 },
      { id: 'aaa-old', title: 'first question', cwd: '/w/aaa-old', turns: 2 },
    ])
    expect(listed[1]!.size).toBeGreaterThan(100)
    expect(listSessionsRoot(join(root, 'missing'))).toEqual([])
  })
})

describe('resolveSessionLog', () => {
  it('takes an id, a unique prefix or a path', () => {
    expect(resolveSessionLog('aab-new', root)).toBe(newer)
    expect(resolveSessionLog('aab', root)).toBe(newer)
    expect(resolveSessionLog(newer, '/elsewhere')).toBe(newer)
  })
  it('names an ambiguous prefix with its matches and an unknown id with where it looked', () => {
    expect(() => resolveSessionLog('aa', root)).toThrow(
      /IMPORT_AMBIGUOUS_SESSION: "aa" matches 2 sessions .*aaa-old, aab-new/,
    )
    expect(() => resolveSessionLog('zzz', root)).toThrow(
      /IMPORT_UNKNOWN_SESSION: no session "zzz" under .*dsh sessions/,
    )
  })
})
