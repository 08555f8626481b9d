// issue 14 item 4: one writer per session log, and a log changed under an open session.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SessionStore } from './index.ts'

const CHILD = fileURLToPath(new URL('./testing/append-child.mjs', import.meta.url))
let root: string
const contexts: Context[] = []

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dsh-lock-'))
})
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.fiber.dispose()
  rmSync(root, { recursive: true, force: true })
})

async function store(): Promise<SessionStore> {
  const ctx = new Context()
  contexts.push(ctx)
  await ctx.plugin(SessionStore, { root })
  return ctx.sessions
}

const lockOf = (id: string) => join(root, `${id}.jsonl.lock`)
const turnStart = { turn: 1 }

describe('one writer per session log', () => {
  it('refuses a second store in this process, naming it, and frees the log on dispose', async () => {
    const first = await store()
    const { id } = first.create({ cwd: '/w' })
    const second = await store()
    expect(() => second.open(id)).toThrow(
      expect.objectContaining({
        name: 'SessionLockedError',
        message: expect.stringContaining(`already open for writing by this process (pid ${process.pid})`),
      }),
    )
    await contexts[0]?.fiber.dispose()
    expect(second.open(id).header.id).toBe(id)
  })

  it('refuses a session another live process writes; takes it over once that process is killed', async () => {
    const child = spawn(process.execPath, [CHILD, root, '3'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text
    })
    try {
      while (!output.includes('done\n')) await once(child.stdout, 'data')
      const sessions = await store()
      expect(() => sessions.open('durable')).toThrow(`already open for writing by process ${child.pid};`)
      child.kill('SIGKILL')
      await once(child, 'exit')
      // Its lock is stale now: taken over, and appends continue after the last seq, with no duplicate.
      expect(sessions.open('durable').events.map((event) => event.seq)).toEqual([1, 2, 3])
      expect(sessions.append('durable', 'turn/start', turnStart).seq).toBe(4)
      expect(JSON.parse(readFileSync(lockOf('durable'), 'utf8')).pid).toBe(process.pid)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('takes over a lock whose pid is dead or now names another process', async () => {
    const exited = spawnSync('true').pid
    writeFileSync(lockOf('a'), JSON.stringify({ pid: exited }))
    // This process's pid with another start time: the pid was reused, the holder is gone.
    writeFileSync(lockOf('b'), JSON.stringify({ pid: process.pid, start: 1 }))
    const sessions = await store()
    expect(sessions.create({ cwd: '/w', id: 'a' }).id).toBe('a')
    expect(sessions.create({ cwd: '/w', id: 'b' }).id).toBe('b')
  })
})

describe('locks that name no process, or are no file (issue 28, item 10)', () => {
  it('takes over a lock whose pid is 0 or -1 (kill(2) reads those as process groups)', async () => {
    writeFileSync(lockOf('zero'), JSON.stringify({ pid: 0 }))
    writeFileSync(lockOf('minus'), JSON.stringify({ pid: -1 }))
    const sessions = await store()
    expect(sessions.create({ cwd: '/w', id: 'zero' }).id).toBe('zero')
    expect(sessions.create({ cwd: '/w', id: 'minus' }).id).toBe('minus')
  })

  it('names a directory at the lock path instead of "keeps changing hands"', async () => {
    mkdirSync(lockOf('dir'))
    const sessions = await store()
    expect(() => sessions.create({ cwd: '/w', id: 'dir' })).toThrow(
      `${lockOf('dir')} is a directory, not a lock file dsh wrote; remove it and try again`,
    )
    expect(readdirSync(root).sort()).toEqual(['dir.jsonl.lock'])
  })

  it('leaves no staging file behind on a full disk (a real 64 KiB tmpfs)', async () => {
    const disk = join(root, 'disk')
    mkdirSync(disk)
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk])
    try {
      const { bavail, bsize } = statfsSync(disk)
      writeFileSync(join(disk, 'filler'), Buffer.alloc(bavail * bsize))
      const ctx = new Context()
      contexts.push(ctx)
      await ctx.plugin(SessionStore, { root: disk })
      for (let i = 0; i < 3; i++) expect(() => ctx.sessions.create({ cwd: '/w' })).toThrow(/disk is full|ENOSPC/)
      expect(readdirSync(disk)).toEqual(['filler'])
    } finally {
      for (const ctx of contexts.splice(0)) await ctx.fiber.dispose()
      execFileSync('umount', ['-l', disk])
    }
  })
})

describe('a log changed while its session is open', () => {
  const cases: Array<[string, (path: string) => void, string]> = [
    ['deleted', (path) => unlinkSync(path), 'was deleted'],
    ['moved away', (path) => renameSync(path, `${path}.moved`), 'was moved away'],
    [
      'replaced',
      (path) => {
        writeFileSync(`${path}.new`, readFileSync(path))
        renameSync(`${path}.new`, path)
      },
      'was replaced by another file',
    ],
    ['appended to by someone else', (path) => appendFileSync(path, '{"seq":2}\n'), 'was changed by another writer'],
  ]
  it.each(cases)('stops the next append with a named error when the log was %s', async (_, change, problem) => {
    const sessions = await store()
    const { id } = sessions.create({ cwd: '/w' })
    change(sessions.path(id))
    expect(() => sessions.append(id, 'turn/start', turnStart)).toThrow(
      expect.objectContaining({
        name: 'SessionLogChangedError',
        message: expect.stringMatching(
          `^session log ${sessions.path(id)} ${problem}.* while the session was open; nothing more is written`,
        ),
      }),
    )
  })
})
