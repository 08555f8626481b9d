// Watching the store: every appended event, after it is on disk, in order, to each watcher;
// a throwing watcher is reported and harms nobody; session/event still fires for Cordis listeners.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SessionEvent } from './events.ts'
import { SessionStore } from './index.ts'

let root: string
let ctx: Context
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'dsh-watch-'))
  ctx = new Context()
  await ctx.plugin(SessionStore, { root })
})
afterEach(async () => {
  await ctx.fiber.dispose()
  rmSync(root, { recursive: true, force: true })
})

describe('sessions.watch', () => {
  it('hands over each event after its line is written, until stopped', () => {
    ctx.sessions.create({ cwd: '/p', id: 's' })
    const seen: Array<[string, number, number]> = []
    const stop = ctx.sessions.watch((sessionId, event) => {
      const lines = readFileSync(ctx.sessions.path(sessionId), 'utf8').trim().split('\n').length
      seen.push([sessionId, event.seq, lines])
    })
    ctx.sessions.append('s', 'turn/start', { turn: 1 })
    ctx.sessions.append('s', 'step/start', { turn: 1, step: 1 })
    stop()
    ctx.sessions.append('s', 'step/end', { turn: 1, step: 1 })
    expect(seen).toEqual([
      ['s', 1, 2],
      ['s', 2, 3],
    ])
  })

  it('reports a throwing watcher and still serves the others and Cordis listeners', () => {
    ctx.sessions.create({ cwd: '/p', id: 's' })
    const errors: unknown[] = []
    ctx.on('internal/error', (error) => void errors.push(error))
    const order: string[] = []
    ctx.sessions.watch(() => {
      throw new Error('watcher broke')
    })
    ctx.sessions.watch((_id, event) => void order.push(`watch ${event.seq}`))
    ctx.on('session/event', (_id: string, event: SessionEvent) => void order.push(`on ${event.seq}`))
    expect(ctx.sessions.append('s', 'turn/start', { turn: 1 }).seq).toBe(1)
    expect(order).toEqual(['watch 1', 'on 1'])
    expect(errors.map((error) => (error as Error).message)).toEqual(['watcher broke'])
  })

  it('counts the same function watching twice as two watches, each stopped by its own disposer', () => {
    ctx.sessions.create({ cwd: '/p', id: 's' })
    let calls = 0
    const watcher = () => void calls++
    const first = ctx.sessions.watch(watcher)
    ctx.sessions.watch(watcher)
    ctx.sessions.append('s', 'turn/start', { turn: 1 })
    first()
    ctx.sessions.append('s', 'turn/end', { turn: 1, reason: 'end_turn' })
    expect(calls).toBe(3)
  })
})
