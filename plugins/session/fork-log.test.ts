// A fork's log (docs/fork.md): written whole with its header naming the parent and fork point, the
// copies renumbered and announced as appends; a failed fork leaves no log and no staging file behind.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SessionEvent, SessionHeader } from './events.ts'
import { SessionStore } from './index.ts'
import { parseSessionLog, serializeHeader } from './log-format.ts'

let root: string
let ctx: Context

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'dsh-fork-log-'))
  let now = 1000
  ctx = new Context()
  await ctx.plugin(SessionStore, { root, clock: () => now++ })
})

afterEach(async () => {
  await ctx.fiber.dispose()
  rmSync(root, { recursive: true, force: true })
})

const copies: Array<Pick<SessionEvent, 'type' | 'data' | 'time'>> = [
  { time: 7, type: 'user/message', data: { turn: 1, messageId: 'm1', content: [{ type: 'text', text: 'hi' }] } },
  { time: 8, type: 'turn/start', data: { turn: 1 } },
  { time: 9, type: 'turn/end', data: { turn: 1, reason: 'end_turn' } },
]

describe('sessions.fork', () => {
  it('writes the header with forkedFrom and the copies from seq 1, announces them, and keeps appending', () => {
    const created: SessionHeader[] = []
    const seen: Array<[string, number]> = []
    ctx.on('session/created', (header) => void created.push(header))
    ctx.on('session/event', (id, event) => void seen.push([id, event.seq]))
    const fork = ctx.sessions.fork({ cwd: '/p', id: 'f', from: { sessionId: 'mom', turn: 1, seq: 5 }, events: copies })
    expect(fork.header.forkedFrom).toEqual({ sessionId: 'mom', turn: 1, seq: 5, events: 3 })
    expect(created).toEqual([fork.header])
    expect(seen).toEqual([
      ['f', 1],
      ['f', 2],
      ['f', 3],
    ])
    expect(ctx.sessions.append('f', 'turn/start', { turn: 2 }).seq).toBe(4)
    const log = parseSessionLog(readFileSync(ctx.sessions.path('f'), 'utf8'), 'f.jsonl', { live: true })
    expect(log.header).toEqual(fork.header)
    expect(log.events.map((e) => [e.seq, e.time, e.type])).toEqual([
      [1, 7, 'user/message'],
      [2, 8, 'turn/start'],
      [3, 9, 'turn/end'],
      [4, 1001, 'turn/start'],
    ])
    expect(ctx.sessions.created().map((header) => header.id)).toEqual(['f'])
  })

  it('never writes over a log, and leaves neither a lock nor a staging file when it fails', () => {
    writeFileSync(join(root, 'f.jsonl'), 'someone else\n')
    expect(() =>
      ctx.sessions.fork({ cwd: '/p', id: 'f', from: { sessionId: 'mom', turn: 1, seq: 5 }, events: copies }),
    ).toThrow(/session log .*f\.jsonl already exists; choose another session id/)
    expect(readdirSync(root)).toEqual(['f.jsonl'])
    expect(readFileSync(join(root, 'f.jsonl'), 'utf8')).toBe('someone else\n')
  })

  it('what a fork killed before its link leaves (a staging file) is no session: not listed, not known', () => {
    ctx.sessions.create({ cwd: '/p', id: 'mom' })
    writeFileSync(join(root, 'f.jsonl.4242.0a0b0c0d.part'), '{"type":"session","version":1,"id":"f"')
    expect(ctx.sessions.list().map((header) => header.id)).toEqual(['mom'])
    expect(ctx.sessions.has('f')).toBe(false)
    // The same id forks cleanly afterwards.
    ctx.sessions.fork({ cwd: '/p', id: 'f', from: { sessionId: 'mom', turn: 0, seq: 0 }, events: [] })
    expect(ctx.sessions.read('f').header.forkedFrom).toEqual({ sessionId: 'mom', turn: 0, seq: 0, events: 0 })
  })

  it('a header whose forkedFrom is not {sessionId, turn, seq, events} is a reader error naming line 1', () => {
    const header = { type: 'session', version: 1, id: 'f', createdAt: 1, cwd: '/p' } as const
    const good = { ...header, forkedFrom: { sessionId: 'mom', turn: 1, seq: 5, events: 3 } }
    expect(parseSessionLog(`${serializeHeader(good)}\n`, 'f.jsonl').header).toEqual(good)
    const bad = `${JSON.stringify({ ...header, forkedFrom: { sessionId: 'mom', turn: -1 } })}\n`
    expect(() => parseSessionLog(bad, 'f.jsonl')).toThrow(/^f\.jsonl:1: header "forkedFrom" must be /)
    expect(() => parseSessionLog(bad, 'f.jsonl')).toThrow(
      /must be \{sessionId, turn, seq, events\} .*found \{"sessionId":"mom","turn":-1\}/,
    )
  })
})
