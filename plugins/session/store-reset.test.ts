// The store in a scenario scope (plugins/scope): the in-process test host starts the running store
// over for each scenario instead of restarting it. Afterwards nothing of the earlier sessions shows.
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScopeService } from '../scope/index.ts'
import { SessionStore } from './index.ts'

let base: string
let ctx: Context | undefined

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'dsh-sessions-reset-'))
})

afterEach(async () => {
  await ctx?.fiber.dispose()
  ctx = undefined
  rmSync(base, { recursive: true, force: true })
})

async function start(root: string): Promise<SessionStore> {
  ctx = new Context()
  await ctx.plugin(ScopeService)
  await ctx.plugin(SessionStore, { root })
  return ctx.sessions
}

/** Descriptors open on files under `base` (not the process's count: other test files share it). */
const openLogs = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(base)
    } catch {
      return false
    }
  }).length

const scope = () => ctx!.scope
const enter = (sessionsRoot: string) => scope().enter({ name: 'reset', sessionsRoot })

describe('the store entering and leaving a scenario scope', () => {
  it('closes every log and starts over empty under the new root', async () => {
    const sessions = await start(join(base, 'one'))
    const first = sessions.create({ cwd: '/p' }).id
    sessions.append(first, 'turn/start', { turn: 1 })
    expect(openLogs()).toBe(1)

    await enter(join(base, 'two'))
    expect(openLogs()).toBe(0)
    expect(sessions.root).toBe(join(base, 'two'))
    expect(sessions.created()).toEqual([])
    expect(sessions.has(first)).toBe(false)
    expect(sessions.list()).toEqual([])
    expect(() => sessions.append(first, 'turn/end', { turn: 1, reason: 'end_turn' })).toThrow(/unknown session/)

    const second = sessions.create({ cwd: '/q' })
    expect(sessions.path(second.id)).toBe(join(base, 'two', `${second.id}.jsonl`))
    expect(sessions.created()).toEqual([second])
    expect(sessions.list()).toEqual([second])
  })

  it('leaving keeps the folder: persisted sessions stay, open ones are closed and forgotten', async () => {
    const sessions = await start(base)
    await enter(base)
    const header = sessions.create({ cwd: '/p' })
    await scope().leave()
    expect(openLogs()).toBe(0)
    expect(sessions.created()).toEqual([])
    expect(sessions.list()).toEqual([header])
    expect(sessions.open(header.id).events).toEqual([])
  })

  it('refuses a root that cannot hold logs, naming it, and keeps the store as it was', async () => {
    const sessions = await start(base)
    const header = sessions.create({ cwd: '/p' })
    writeFileSync(join(base, 'file'), '')
    await expect(enter(join(base, 'file', 'sessions'))).rejects.toThrow(
      `scope reset: could not enter: sessions root ${join(base, 'file', 'sessions')} is under ${join(base, 'file')}, ` +
        'which is a file',
    )
    expect(sessions.created()).toEqual([header])
    expect(sessions.append(header.id, 'turn/start', { turn: 1 }).seq).toBe(1)
  })
})
