import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { listSessions } from './session-list.ts'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

const summary = (id: string, updatedAt: number, cwd = '/w') => ({ id, cwd, updatedAt })

describe('listSessions (paging)', () => {
  const all = [summary('e', 50), summary('d', 40, '/other'), summary('c', 30), summary('b', 20), summary('a', 10)]

  it('pages with an opaque cursor until no nextCursor is returned', () => {
    const first = listSessions(all, {}, 2)
    expect(first.sessions.map((s) => s.sessionId)).toEqual(['e', 'd'])
    expect(first.sessions[0]).toEqual({ sessionId: 'e', cwd: '/w', updatedAt: new Date(50).toISOString() })
    const second = listSessions(all, { cursor: first.nextCursor }, 2)
    expect(second.sessions.map((s) => s.sessionId)).toEqual(['c', 'b'])
    const third = listSessions(all, { cursor: second.nextCursor }, 2)
    expect(third.sessions.map((s) => s.sessionId)).toEqual(['a'])
    expect(third.nextCursor).toBeUndefined()
  })

  it('resumes right after the cursor session, also among equal times', () => {
    const ties = [summary('z', 10), summary('y', 10), summary('x', 10)]
    const first = listSessions(ties, {}, 1)
    expect(listSessions(ties, { cursor: first.nextCursor }, 5).sessions.map((s) => s.sessionId)).toEqual(['y', 'x'])
  })

  it('when the cursor session moved since, resumes with the sessions older than it was', () => {
    const first = listSessions(all, {}, 2)
    const touched = [summary('d', 60, '/other'), ...all.filter((s) => s.id !== 'd')]
    expect(listSessions(touched, { cursor: first.nextCursor }, 5).sessions.map((s) => s.sessionId)).toEqual([
      'c',
      'b',
      'a',
    ])
  })

  it('filters by cwd and refuses a cursor it did not give out', () => {
    expect(listSessions(all, { cwd: '/other' }).sessions.map((s) => s.sessionId)).toEqual(['d'])
    expect(() => listSessions(all, { cursor: 'garbage' })).toThrow(/"cursor" is not one this agent gave out/)
  })
})

describe('session/list over ACP', () => {
  let h: Harness
  afterEach(async () => {
    await h?.close()
  })

  it('is advertised and lists the sessions under the root, newest first, titled by their first prompt', async () => {
    h = await startHarness()
    const init = await initialize(h.agent)
    expect(init.agentCapabilities?.sessionCapabilities?.list).toEqual({})
    const first = (await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })).sessionId
    await h.agent.request(acp.methods.agent.session.prompt, {
      sessionId: first,
      prompt: [{ type: 'text', text: 'list the files' }],
    })
    // Created after the first one's last activity: newer by activity, or (same clock tick) by creation.
    const second = (await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })).sessionId
    const { sessions, nextCursor } = await h.agent.request(acp.methods.agent.session.list, {})
    expect(sessions.map((s) => [s.sessionId, s.title])).toEqual([
      [second, undefined],
      [first, 'list the files'],
    ])
    expect(sessions[0]?.cwd).toBe(h.cwd)
    expect(Date.parse(sessions[0]?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(sessions[1]?.updatedAt ?? ''))
    expect(sessions[0]?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(nextCursor).toBeUndefined()
  })
})
