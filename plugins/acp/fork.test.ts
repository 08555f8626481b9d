// session/fork (issue 37 item 4): offered at initialize, a new session holding the parent's history up to
// a finished turn, its log naming the parent and the fork point; unknown parents and points past the end
// are named refusals; the parent's log is never touched.
import { mkdirSync, readFileSync } from 'node:fs'
import * as acp from '@agentclientprotocol/sdk'
import { join } from 'node:path'
import type { LlmRequest, StreamChunk } from '../llm/types.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { parseSessionLog } from '../session/log-format.ts'
import { FORK_SESSION } from './params.ts'

/** The wire name of the fork point (dsh's `_meta` key). */
const FORK_TURN_META = 'dsh/forkTurn'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(async () => {
  await harness?.close()
})

const fork = (h: Harness, params: Record<string, unknown>) =>
  h.agent.request(FORK_SESSION, { cwd: h.cwd, mcpServers: [], ...params }) as Promise<{ sessionId: string }>
const logOf = (h: Harness, id: string) =>
  parseSessionLog(readFileSync(join(h.sessionsRoot, `${id}.jsonl`), 'utf8'), `${id}.jsonl`, { live: true })

/** The user messages each model request of a session was sent, by session. */
function watchRequests(h: Harness): Map<string, string[][]> {
  const seen = new Map<string, string[][]>()
  h.ctx.on('llm/stream', (request: LlmRequest, next: () => AsyncIterable<StreamChunk>) => {
    const users = request.messages.filter((m) => m.role === 'user').map((m) => String(m.content))
    seen.set(request.sessionId, [...(seen.get(request.sessionId) ?? []), users])
    return next()
  })
  return seen
}

describe('session/fork', () => {
  it('is offered, and forks after the last finished turn: the copies, then turns of its own', async () => {
    harness = await startHarness()
    const init = await initialize(harness.agent)
    expect(init.agentCapabilities?.sessionCapabilities).toMatchObject({ fork: {} })
    const { sessionId: parent } = await harness.newSession()
    await harness.prompt(parent, 'one')
    await harness.prompt(parent, 'two')
    const before = readFileSync(join(harness.sessionsRoot, `${parent}.jsonl`), 'utf8')
    const seen = watchRequests(harness)
    const forked = await fork(harness, { sessionId: parent })
    expect(forked.sessionId).not.toBe(parent)
    expect(await harness.prompt(forked.sessionId, 'three')).toEqual({ stopReason: 'end_turn' })
    // The fork's model saw the parent's conversation; the parent's log is as it was.
    expect(seen.get(forked.sessionId)).toEqual([['one', 'two', 'three']])
    expect(readFileSync(join(harness.sessionsRoot, `${parent}.jsonl`), 'utf8')).toBe(before)
    const log = logOf(harness, forked.sessionId)
    const parentEvents = logOf(harness, parent).events
    expect(log.header.forkedFrom).toEqual({
      sessionId: parent,
      turn: 2,
      seq: parentEvents.length,
      events: parentEvents.filter((e) => !['model/request', 'assistant/chunk'].includes(e.type)).length,
    })
    // Its own calls only: turn 3's request; the copies keep no model call records.
    const requests = log.events.filter((e) => e.type === 'model/request').map((e) => e.data)
    expect(requests).toMatchObject([{ turn: 3, step: 1, attempt: 1, purpose: 'turn' }])
    // session/load of the fork retells its whole conversation, the copies first, and its next turn is 4.
    harness.updates.length = 0
    await harness.agent.request(acp.methods.agent.session.load, {
      sessionId: forked.sessionId,
      cwd: harness.cwd,
      mcpServers: [],
    })
    const told = harness.updates.flatMap(({ update }) =>
      update.sessionUpdate === 'user_message_chunk' && update.content.type === 'text' ? [update.content.text] : [],
    )
    expect(told).toEqual(['one', 'two', 'three'])
    await harness.prompt(forked.sessionId, 'four')
    expect(seen.get(forked.sessionId)?.at(-1)).toEqual(['one', 'two', 'three', 'four'])
  })

  it('forks after a given turn (_meta "dsh/forkTurn"); turn 0 holds no conversation', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const { sessionId: parent } = await harness.newSession()
    await harness.prompt(parent, 'one')
    await harness.prompt(parent, 'two')
    const seen = watchRequests(harness)
    const first = await fork(harness, { sessionId: parent, _meta: { [FORK_TURN_META]: 1 } })
    await harness.prompt(first.sessionId, 'later')
    expect(seen.get(first.sessionId)).toEqual([['one', 'later']])
    expect(logOf(harness, first.sessionId).header.forkedFrom).toMatchObject({ turn: 1 })
    const empty = await fork(harness, { sessionId: parent, _meta: { [FORK_TURN_META]: 0 } })
    await harness.prompt(empty.sessionId, 'fresh')
    expect(seen.get(empty.sessionId)).toEqual([['fresh']])
  })

  it('refuses an unknown session, a turn past the end and a bad turn by name; writes no log', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const { sessionId: parent } = await harness.newSession()
    await harness.prompt(parent, 'one')
    await expect(fork(harness, { sessionId: 'no-such-session' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('session/fork: unknown session "no-such-session"'),
      data: { reason: 'unknown-session' },
    })
    await expect(fork(harness, { sessionId: parent, _meta: { [FORK_TURN_META]: 2 } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/turn 2 is past the end of session .*last finished turn is 1; fork at a turn/),
      data: { reason: 'fork-point' },
    })
    await expect(fork(harness, { sessionId: parent, _meta: { [FORK_TURN_META]: 'last' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('"_meta"."dsh/forkTurn" must be the whole number of the turn to fork after'),
    })
    await expect(fork(harness, { sessionId: parent, cwd: 'relative' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('session/fork: "cwd" must be an absolute path string'),
    })
    expect(harness.ctx.sessions.list().map((header) => header.id)).toEqual([parent])
  })

  it('forks into another folder (a worktree of the project): the fork runs there', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const { sessionId: parent } = await harness.newSession()
    await harness.prompt(parent, 'one')
    const elsewhere = join(harness.cwd, 'worktree')
    mkdirSync(elsewhere)
    const forked = await fork(harness, { sessionId: parent, cwd: elsewhere })
    expect(logOf(harness, forked.sessionId).header.cwd).toBe(elsewhere)
    expect(harness.ctx.agent.cwdOf(forked.sessionId)).toBe(elsewhere)
  })
})
