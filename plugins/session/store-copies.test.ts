// What the store hands out: append() and its listeners get the event as appended (no parse of
// the line it just wrote); read() and open() give the file's content, never the caller's objects.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SessionEvent } from './events.ts'
import { SessionStore } from './index.ts'

let root: string
let ctx: Context

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'dsh-store-copies-'))
  let now = 1000
  ctx = new Context()
  await ctx.plugin(SessionStore, { root, clock: () => now++ })
})

afterEach(async () => {
  await ctx.fiber.dispose()
  rmSync(root, { recursive: true, force: true })
})

describe('sessions service copies', () => {
  it('emits and returns the appended data itself, and writes the same event', () => {
    const seen: SessionEvent[] = []
    ctx.on('session/event', (_id, event) => void seen.push(event))
    ctx.sessions.create({ cwd: '/project', id: 's' })
    const data = { turn: 1, step: 1, chunk: { type: 'text-delta' as const, text: 'hi' } }
    const event = ctx.sessions.append('s', 'assistant/chunk', data)
    expect(event).toEqual({ seq: 1, time: 1001, type: 'assistant/chunk', data })
    expect(event.data).toBe(data)
    expect(seen).toEqual([event])
    expect(JSON.parse(readFileSync(ctx.sessions.path('s'), 'utf8').split('\n')[1] ?? '')).toEqual(event)
  })

  it('reads back what the file holds: undefined members dropped, later changes to data not seen', () => {
    ctx.sessions.create({ cwd: '/project', id: 's' })
    const data = { turn: 1, reason: 'error' as const, error: undefined }
    ctx.sessions.append('s', 'turn/end', data)
    data.turn = 99
    const [event] = ctx.sessions.read('s').events
    if (!event) throw new Error('the appended event was not read back')
    expect(event.data).toEqual({ turn: 1, reason: 'error' })
    expect(Object.keys(event.data)).toEqual(['turn', 'reason'])
    expect(event.data).not.toBe(data)
    // Each read is its own copy.
    ;(event.data as { turn: number }).turn = 7
    expect(ctx.sessions.read('s').events[0]?.data).toEqual({ turn: 1, reason: 'error' })
    expect(ctx.sessions.open('s').events[0]?.data).toEqual({ turn: 1, reason: 'error' })
  })

  it('reads an open session from its file, not from a copy in memory', () => {
    ctx.sessions.create({ cwd: '/project', id: 's' })
    ctx.sessions.append('s', 'turn/start', { turn: 1 })
    ctx.sessions.append('s', 'turn/end', { turn: 1, reason: 'end_turn' })
    const path = ctx.sessions.path('s')
    const [header, first] = readFileSync(path, 'utf8').split('\n')
    writeFileSync(path, `${header}\n${first}\n`)
    expect(ctx.sessions.read('s').events.map((event) => event.type)).toEqual(['turn/start'])
    expect(ctx.sessions.open('s').events.map((event) => event.type)).toEqual(['turn/start'])
  })

  it('continues the seq of a reopened log and reads old and new events alike', async () => {
    ctx.sessions.create({ cwd: '/project', id: 's' })
    ctx.sessions.append('s', 'turn/start', { turn: 1 })
    await ctx.fiber.dispose()
    ctx = new Context()
    await ctx.plugin(SessionStore, { root, clock: () => 5000 })
    ctx.sessions.open('s')
    expect(ctx.sessions.append('s', 'turn/end', { turn: 1, reason: 'end_turn' }).seq).toBe(2)
    expect(ctx.sessions.read('s').events.map((event) => [event.seq, event.type])).toEqual([
      [1, 'turn/start'],
      [2, 'turn/end'],
    ])
  })
})
