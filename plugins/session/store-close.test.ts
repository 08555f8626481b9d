// sessions.close(id): session/close lets go of a log's descriptor and lock (issue 43 item 12).
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SessionStore } from './index.ts'

let base: string
let ctx: Context | undefined

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'dsh-sessions-close-'))
})

afterEach(async () => {
  await ctx?.fiber.dispose()
  ctx = undefined
  rmSync(base, { recursive: true, force: true })
})

/** Descriptors open on files under `base` (not the process's count: other test files share it). */
const openLogs = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(base)
    } catch {
      return false
    }
  }).length

it('releases the descriptor and the lock; appends then need open(), which takes the session up again', async () => {
  ctx = new Context()
  await ctx.plugin(SessionStore, { root: base })
  const store = ctx.sessions
  const { id } = store.create({ cwd: base })
  store.append(id, 'turn/start', { turn: 1 })
  expect(openLogs()).toBe(1)
  expect(existsSync(join(base, `${id}.jsonl.lock`))).toBe(true)
  store.close(id)
  expect(openLogs()).toBe(0)
  expect(existsSync(join(base, `${id}.jsonl.lock`))).toBe(false)
  expect(() => store.append(id, 'turn/end', { turn: 1, reason: 'end_turn' })).toThrow(/persisted but not open/)
  store.close(id)
  store.close('never-created')
  expect(store.open(id).events).toHaveLength(1)
  store.append(id, 'turn/end', { turn: 1, reason: 'end_turn' })
  expect(store.read(id).events.map((event) => event.seq)).toEqual([1, 2])
})
