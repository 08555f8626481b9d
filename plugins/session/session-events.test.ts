// Listening to the store through Cordis: every appended event, after its line is on disk, in
// order, as `session/event`, until the listener is disposed; a throwing listener is reported
// (internal/error) and the append still returns its event.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SessionEvent, SessionHeader } from './events.ts'
import { SessionStore } from './index.ts'

let root: string
let ctx: Context
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'dsh-events-'))
  ctx = new Context()
  await ctx.plugin(SessionStore, { root })
})
afterEach(async () => {
  await ctx.fiber.dispose()
  rmSync(root, { recursive: true, force: true })
})

describe('session events through Cordis', () => {
  it('announce the header, then each event after its line is written, until the listener stops', () => {
    const created: string[] = []
    ctx.on('session/created', (header: SessionHeader) => void created.push(header.id))
    const seen: Array<[string, number, number]> = []
    const stop = ctx.on('session/event', (sessionId: string, event: SessionEvent) => {
      const lines = readFileSync(ctx.sessions.path(sessionId), 'utf8').trim().split('\n').length
      seen.push([sessionId, event.seq, lines])
    })
    ctx.sessions.create({ cwd: '/p', id: 's' })
    ctx.sessions.append('s', 'turn/start', { turn: 1 })
    ctx.sessions.append('s', 'step/start', { turn: 1, step: 1 })
    stop()
    ctx.sessions.append('s', 'step/end', { turn: 1, step: 1 })
    expect(created).toEqual(['s'])
    expect(seen).toEqual([
      ['s', 1, 2],
      ['s', 2, 3],
    ])
  })

  it('report a throwing listener and still append', () => {
    ctx.sessions.create({ cwd: '/p', id: 's' })
    const errors: unknown[] = []
    ctx.on('internal/error', (error) => void errors.push(error))
    ctx.on('session/event', () => {
      throw new Error('listener broke')
    })
    expect(ctx.sessions.append('s', 'turn/start', { turn: 1 }).seq).toBe(1)
    expect(ctx.sessions.read('s').events.map((event) => event.type)).toEqual(['turn/start'])
    expect(errors.map((error) => (error as Error).message)).toEqual(['listener broke'])
  })
})
