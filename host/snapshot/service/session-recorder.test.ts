// The in-process host's session logs: what the store announces through Cordis, after a restored
// recording's own events, until the recorder stops; each event also reaches the driver's feed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import SessionStore from '../../../plugins/session/index.ts'
import type { SessionEvent } from '../../../plugins/session/events.ts'
import { SessionRecorder } from './session-recorder.ts'

let root: string
let ctx: Context
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'dsh-recorder-'))
  ctx = new Context()
  await ctx.plugin(SessionStore, { root })
})
afterEach(async () => {
  await ctx.fiber.dispose()
  rmSync(root, { recursive: true, force: true })
})

describe('SessionRecorder', () => {
  it('keeps each session as the store announced it, after a restored log, until stopped', async () => {
    const restoredHeader = { type: 'session' as const, version: 1 as const, id: 'r', createdAt: 0, cwd: '/p' }
    const restoredEvent = { seq: 1, time: 0, type: 'turn/start', data: { turn: 1 } } as SessionEvent
    const recorder = new SessionRecorder(ctx, [{ header: restoredHeader, events: [restoredEvent] }])
    const created = ctx.sessions.create({ cwd: '/p', id: 's' })
    ctx.sessions.append('s', 'turn/start', { turn: 1 })
    await recorder.feed.waitFor('s', { type: 'turn/start' }, 1000, 'the event on the feed')
    recorder.stop()
    ctx.sessions.append('s', 'turn/end', { turn: 1, reason: 'end_turn' })
    const logs = recorder.recorded()
    expect(logs.map((log) => [log.header, log.events.map((event) => event.type)])).toEqual([
      [restoredHeader, ['turn/start']],
      [created, ['turn/start']],
    ])
    expect(logs[1]!.events).toEqual(ctx.sessions.read('s').events.slice(0, 1))
  })
})
