import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import SessionStore from './index.ts'
import { summarizeSessions, titleFromContent, titleOf } from './summaries.ts'

let root: string
let ctx: Context
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'dsh-summaries-'))
  ctx = new Context()
  await ctx.plugin(SessionStore, { root })
})
afterEach(async () => {
  await ctx.fiber.dispose()
  rmSync(root, { recursive: true, force: true })
})

const prompt = (id: string, text: string) =>
  ctx.sessions.append(id, 'user/message', { turn: 1, messageId: 'm', content: [{ type: 'text', text }] })

describe('session summaries', () => {
  it('breaks equal activity times by creation, newer first', () => {
    const a = ctx.sessions.create({ cwd: '/w' })
    const b = ctx.sessions.create({ cwd: '/w' })
    const c = ctx.sessions.create({ cwd: '/w' })
    for (const { id } of [a, b, c]) utimesSync(ctx.sessions.path(id), new Date(5_000), new Date(5_000))
    expect(summarizeSessions(ctx.sessions).map((summary) => summary.id)).toEqual([c.id, b.id, a.id])
  })

  it('lists every session newest activity first, titled by its first prompt', () => {
    const older = ctx.sessions.create({ cwd: '/work/a' })
    const newer = ctx.sessions.create({ cwd: '/work/b' })
    ctx.sessions.append(older.id, 'mode/change', { modeId: 'read-only' })
    prompt(older.id, '\n  fix the build  \nthen test')
    prompt(older.id, 'a later prompt')
    utimesSync(ctx.sessions.path(older.id), new Date(1_000_000), new Date(1_000_000))
    utimesSync(ctx.sessions.path(newer.id), new Date(2_000_000), new Date(2_000_000))
    expect(summarizeSessions(ctx.sessions)).toEqual([
      { id: newer.id, cwd: '/work/b', updatedAt: 2_000_000 },
      { id: older.id, cwd: '/work/a', title: 'fix the build', updatedAt: 1_000_000 },
    ])
  })

  it('cuts long titles and skips blocks without text', () => {
    expect(
      titleFromContent([
        { type: 'resource_link', uri: 'file:///x', name: 'x' },
        { type: 'text', text: 'hi' },
      ]),
    ).toBe('hi')
    const long = titleFromContent([{ type: 'text', text: 'x'.repeat(200) }])!
    expect(long).toHaveLength(80)
    expect(long.endsWith('…')).toBe(true)
    expect(titleFromContent('not blocks')).toBeUndefined()
  })

  it('finds the first prompt behind a long first line and ignores a torn one', () => {
    const file = join(root, 'manual.jsonl')
    const header = JSON.stringify({ type: 'session', version: 1, id: 'manual', createdAt: 1, cwd: '/w' })
    const big = JSON.stringify({ seq: 1, time: 1, type: 'mode/change', data: { modeId: 'x'.repeat(100_000) } })
    const user = JSON.stringify({
      seq: 2,
      time: 2,
      type: 'user/message',
      data: { turn: 1, messageId: 'm', content: [{ type: 'text', text: 'found me' }] },
    })
    writeFileSync(file, `${header}\n${big}\n${user}\n`)
    expect(titleOf(file)).toBe('found me')
    writeFileSync(file, `${header}\n{"seq":1,"type":"user/message","data":{"content":[{"type":"te`)
    expect(titleOf(file)).toBeUndefined()
  })
})
