import { join } from 'node:path'
import { Context } from 'cordis'
import { describe, expect, it, vi } from 'vitest'
import LlmService from '../llm/index.ts'
import type { StreamChunk } from '../llm/types.ts'
import SessionStore from '../session/index.ts'
import ReplayService from './index.ts'
import { collect, replayHarness } from './test-support/harness.ts'
import {
  buildEvents,
  call,
  logText,
  silentCall,
  stop,
  text,
  toolCallChunks,
  twoTurns,
} from './test-support/builders.ts'

const harness = replayHarness()
const { root, scenario, start } = harness
const LIVE_CWD = harness.liveCwd
const requestAt = harness.requestAt

describe('llm-replay serving', () => {
  it("serves each recorded call's chunks in order and never calls next()", async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    // Registered after replay: only reachable if replay called next().
    let passedOn = 0
    ctx.on('llm/stream', (_request, next) => {
      passedOn++
      return next()
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    expect(await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))).toEqual(toolCallChunks(call))
    expect(await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 2)))).toEqual([text('Two '), text('files.'), stop])
    expect(await collect(ctx.llm.stream(requestAt(id, twoTurns, 2, 1)))).toEqual([text('Welcome.'), stop])
    expect(passedOn).toBe(0)
    expect(replay.errors).toEqual([])
    expect(replay.unconsumed()).toEqual([])
    expect(() => replay.verify()).not.toThrow()
  })

  it('passes a recorded finish{error} through unchanged', async () => {
    const failed: StreamChunk = {
      type: 'finish',
      reason: 'error',
      error: { message: 'context too long', code: 'HTTP_400', status: 400 },
    }
    const events = buildEvents([{ prompt: 'p', steps: [{ chunks: [text('par'), failed] }] }])
    const files = scenario({ 'session.jsonl': logText(events) })
    const { ctx, sessions } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    expect(await collect(ctx.llm.stream(requestAt(id, events, 1, 1)))).toEqual([text('par'), failed])
  })

  it('turns a throw entry into its prefix chunks and the terminal error a real adapter throw gives', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'replay.override.json': {
        entries: [
          {
            kind: 'throw',
            at: { turn: 1, step: 1 },
            chunks: [text('half')],
            message: 'Service Unavailable',
            code: 'HTTP_503',
            status: 503,
          },
        ],
      },
    })
    const { ctx, sessions } = await start({
      sessions: [{ file: files['session.jsonl'] }],
      override: files['replay.override.json'],
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    expect(await collect(ctx.llm.stream(requestAt(id, silentCall, 1, 1)))).toEqual([
      text('half'),
      { type: 'finish', reason: 'error', error: { message: 'Service Unavailable', code: 'HTTP_503', status: 503 } },
    ])
  })

  it('hangs until the request is cancelled, then finishes aborted', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'override.json': { entries: [{ kind: 'hang', at: { turn: 1, step: 1 } }] },
    })
    const { ctx, sessions, replay } = await start({
      sessions: [{ file: files['session.jsonl'], override: files['override.json'] }],
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    const cancel = new AbortController()
    let settled = false
    const result = collect(ctx.llm.stream(requestAt(id, silentCall, 1, 1, cancel.signal))).finally(
      () => (settled = true),
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(settled).toBe(false)
    cancel.abort()
    expect(await result).toEqual([{ type: 'finish', reason: 'aborted' }])
    expect(replay.unconsumed()).toEqual([])
  })

  it('binds two live sessions to two logs in creation order and serves interleaved requests', async () => {
    const first = buildEvents([
      { prompt: 'one', steps: [{ chunks: [text('A1'), stop] }] },
      { prompt: 'again', steps: [{ chunks: [text('A2'), stop] }] },
    ])
    const second = buildEvents([
      { prompt: 'two', steps: [{ chunks: [text('B1'), stop] }] },
      { prompt: 'again', steps: [{ chunks: [text('B2'), stop] }] },
    ])
    const files = scenario({ 'session.jsonl': logText(first), 'session.1.jsonl': logText(second) })
    const { ctx, sessions, replay } = await start({
      sessions: [{ file: files['session.jsonl'] }, { file: files['session.1.jsonl'] }],
    })
    const s1 = sessions.create({ cwd: LIVE_CWD }).id
    const s2 = sessions.create({ cwd: LIVE_CWD }).id
    expect(await collect(ctx.llm.stream(requestAt(s2, second, 1, 1)))).toEqual([text('B1'), stop])
    expect(await collect(ctx.llm.stream(requestAt(s1, first, 1, 1)))).toEqual([text('A1'), stop])
    expect(await collect(ctx.llm.stream(requestAt(s2, second, 2, 1)))).toEqual([text('B2'), stop])
    expect(await collect(ctx.llm.stream(requestAt(s1, first, 2, 1)))).toEqual([text('A2'), stop])
    expect(() => replay.verify()).not.toThrow()
  })

  it(
    'binds a session it never saw created (session/load) to the next log on its first request, with its persisted ' +
      'cwd',
    async () => {
      const events = buildEvents([
        {
          prompt: 'where',
          steps: [
            {
              chunks: [
                {
                  type: 'tool-call-delta',
                  index: 0,
                  id: 'c1',
                  name: 'read',
                  argumentsDelta: '{"path":"{{cwd}}/a.txt"}',
                },
                stop,
              ],
            },
          ],
        },
      ])
      const files = scenario({ 'session.jsonl': logText(events) })
      const { ctx, sessions } = await start({ sessions: [{ file: files['session.jsonl'] }] })
      sessions.persist({ type: 'session', version: 1, id: 'restored', createdAt: 0, cwd: LIVE_CWD })
      const chunks = await collect(ctx.llm.stream(requestAt('restored', events, 1, 1)))
      // `{{cwd}}` in recorded model output comes back as the live cwd (JSON-escaped in arguments).
      expect(chunks[0]).toEqual({
        type: 'tool-call-delta',
        index: 0,
        id: 'c1',
        name: 'read',
        argumentsDelta: `{"path":${JSON.stringify(`${LIVE_CWD}/a.txt`)}}`,
      })
    },
  )

  it('reads DSH_SNAPSHOT_FILE (a JSON array) and DSH_SNAPSHOT_OVERRIDE when the config names no sessions', async () => {
    const files = scenario({
      'session.jsonl': logText(twoTurns),
      'session.1.jsonl': logText(silentCall),
      'replay.override.json': {
        session: 1,
        entries: [
          { kind: 'throw', at: { turn: 1, step: 1 }, message: 'Authentication Fails', code: 'HTTP_401', status: 401 },
        ],
      },
    })
    vi.stubEnv('DSH_SNAPSHOT_FILE', JSON.stringify([files['session.jsonl'], files['session.1.jsonl']]))
    vi.stubEnv('DSH_SNAPSHOT_OVERRIDE', files['replay.override.json'])
    const { ctx, sessions, replay } = await start({})
    sessions.create({ cwd: LIVE_CWD })
    const second = sessions.create({ cwd: LIVE_CWD }).id
    expect(await collect(ctx.llm.stream(requestAt(second, silentCall, 1, 1)))).toEqual([
      { type: 'finish', reason: 'error', error: { message: 'Authentication Fails', code: 'HTTP_401', status: 401 } },
    ])
    expect(replay.unconsumed().map((entry) => [entry.session, entry.index])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ])
  })

  it('ends a pending hang with REPLAY_STOPPED when the plugin stops', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'override.json': { entries: [{ kind: 'hang', at: { turn: 1, step: 1 } }] },
    })
    const { ctx, sessions } = await start({
      sessions: [{ file: files['session.jsonl'], override: files['override.json'] }],
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    const result = collect(ctx.llm.stream(requestAt(id, silentCall, 1, 1)))
    await new Promise((resolve) => setTimeout(resolve, 10))
    await ctx.fiber.dispose()
    expect(await result).toMatchObject([{ type: 'finish', reason: 'error', error: { code: 'REPLAY_STOPPED' } }])
  })

  it('binds sessions the real store created before replay started, in creation order', async () => {
    const first = buildEvents([{ prompt: 'one', steps: [{ chunks: [text('A'), stop] }] }])
    const second = buildEvents([{ prompt: 'two', steps: [{ chunks: [text('B'), stop] }] }])
    const files = scenario({ 'session.jsonl': logText(first), 'session.1.jsonl': logText(second) })
    const context = harness.adopt(new Context())
    await context.plugin(LlmService)
    await context.plugin(SessionStore, { root: join(root, `store-${harness.fixtureCount()}`) })
    const early = context.sessions.create({ cwd: LIVE_CWD }).id
    await context.plugin(ReplayService, {
      sessions: [{ file: files['session.jsonl'] }, { file: files['session.1.jsonl'] }],
    })
    const late = context.sessions.create({ cwd: LIVE_CWD }).id
    expect(await collect(context.llm.stream(requestAt(late, second, 1, 1)))).toEqual([text('B'), stop])
    expect(await collect(context.llm.stream(requestAt(early, first, 1, 1)))).toEqual([text('A'), stop])
    expect(() => context.replay.verify()).not.toThrow()
  })

  it('replays a 100k-chunk session', async () => {
    const chunks = Array.from({ length: 100_000 }, (_, i) => text(`t${i} `))
    const events = buildEvents([{ prompt: 'long', steps: [{ chunks: [...chunks, stop] }] }])
    const files = scenario({ 'session.jsonl': logText(events) })
    const { ctx, sessions } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    let count = 0
    for await (const chunk of ctx.llm.stream(requestAt(id, events, 1, 1))) if (chunk.type === 'text-delta') count++
    expect(count).toBe(100_000)
  })

  it('works without a session store: every session binds on its first request, its cwd unknown', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const context = harness.adopt(new Context())
    await context.plugin(LlmService)
    await context.plugin(ReplayService, { sessions: [{ file: files['session.jsonl'] }] })
    expect(await collect(context.llm.stream(requestAt('lonely', twoTurns, 1, 1)))).toEqual(toolCallChunks(call))
    expect(context.replay.errors).toEqual([])
  })

  it(
    'serves a restored session whose header the store cannot read as recorded, and a live cwd that does not exist ' +
      'as given',
    async () => {
      const events = buildEvents([
        { prompt: 'where', steps: [{ chunks: [text('in {{cwd}}'), stop] }] },
        { prompt: 'again', steps: [{ chunks: [text('in {{cwd}}'), stop] }] },
      ])
      const files = scenario({ 'session.jsonl': logText(events), 'session.1.jsonl': logText(events) })
      const { ctx, sessions } = await start({
        sessions: [{ file: files['session.jsonl'] }, { file: files['session.1.jsonl'] }],
      })
      // Never persisted: the store throws on read, so the cwd is unknown and nothing is rewritten.
      const unknown = await collect(ctx.llm.stream(requestAt('unknown', events, 1, 1)))
      expect(unknown[0]).toEqual(text('in {{cwd}}'))
      // A live cwd that does not exist (no realpath) is still the cwd.
      const { id } = sessions.create({ cwd: '/nonexistent/dsh-live' })
      expect((await collect(ctx.llm.stream(requestAt(id, events, 1, 1))))[0]).toEqual(text('in /nonexistent/dsh-live'))
    },
  )

  it(
    'finishes aborted at once when the request is cancelled ' + 'while its prefix chunks stream, before the hang',
    async () => {
      const files = scenario({
        'session.jsonl': logText(silentCall),
        'override.json': { entries: [{ kind: 'hang', at: { turn: 1, step: 1 }, chunks: [text('wait for it')] }] },
      })
      const { ctx, sessions } = await start({
        sessions: [{ file: files['session.jsonl'], override: files['override.json'] }],
      })
      const { id } = sessions.create({ cwd: LIVE_CWD })
      const cancel = new AbortController()
      const seen: StreamChunk[] = []
      for await (const chunk of ctx.llm.stream(requestAt(id, silentCall, 1, 1, cancel.signal))) {
        seen.push(chunk)
        cancel.abort()
      }
      expect(seen).toEqual([text('wait for it'), { type: 'finish', reason: 'aborted' }])
    },
  )
})
