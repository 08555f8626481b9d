// Replay's loud errors: exhausted scripts, extra sessions, drift, unconsumed entries and
// broken fixtures each fail with a code and a message naming the file, scenario, turn and step.
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { LlmRequest, StreamChunk } from '../llm/types.ts'
import { type ReplayConfigInput, ReplayVerificationError } from './index.ts'
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
const { root, scenario, start, requestAt } = harness
const LIVE_CWD = harness.liveCwd

describe('llm-replay loud errors', () => {
  it(
    'fails a request past the end of the script with ' +
      'REPLAY_EXHAUSTED naming file, scenario, session, turn and step',
    async () => {
      const events = buildEvents([{ prompt: 'p', steps: [{ chunks: [text('only'), stop] }] }])
      const files = scenario({ 'session.jsonl': logText(events) })
      const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
      const { id } = sessions.create({ cwd: LIVE_CWD })
      await collect(ctx.llm.stream(requestAt(id, events, 1, 1)))
      const request: LlmRequest = { ...requestAt(id, events, 1, 1), step: 2 }
      const [finish] = await collect(ctx.llm.stream(request))
      expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'REPLAY_EXHAUSTED' } })
      const message = (finish as Extract<StreamChunk, { type: 'finish' }>).error!.message
      expect(message).toContain(
        `scenario "demo", session 0 (${files['session.jsonl']}), live session ${id}, turn 1 step 2`,
      )
      expect(message).toContain('another model call, but the script has 1 entry and all were served')
      expect(replay.errors).toEqual([{ code: 'REPLAY_EXHAUSTED', message }])
      expect(() => replay.verify()).toThrow(ReplayVerificationError)
    },
  )

  it(
    'records REPLAY_EXTRA_SESSION when more sessions are ' + 'created than logs exist, and fails their requests',
    async () => {
      const files = scenario({ 'session.jsonl': logText(twoTurns) })
      const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
      sessions.create({ cwd: LIVE_CWD })
      const extra = sessions.create({ cwd: LIVE_CWD }).id
      expect(replay.errors.map((e) => e.code)).toEqual(['REPLAY_EXTRA_SESSION'])
      expect(replay.errors[0]?.message).toContain(
        `live session ${extra} is session number 2 of this run, but only 1 session log was recorded ` +
          `(${files['session.jsonl']})`,
      )
      const [finish] = await collect(ctx.llm.stream(requestAt(extra, twoTurns, 1, 1)))
      expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'REPLAY_EXTRA_SESSION' } })
      expect((finish as Extract<StreamChunk, { type: 'finish' }>).error!.message).toContain(
        '[request at turn 1 step 1]',
      )
    },
  )

  it('fails a drifted request with REPLAY_DRIFT and a diff of the first differing message', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))
    const request = requestAt(id, twoTurns, 1, 2)
    request.messages[2] = { role: 'tool', toolCallId: call.id, name: 'bash', content: 'a.txt\nc.txt' }
    const [finish] = await collect(ctx.llm.stream(request))
    expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'REPLAY_DRIFT' } })
    const message = replay.errors[0]?.message
    expect(message).toContain(
      `scenario "demo", session 0 (${files['session.jsonl']}), live session ${id}, turn 1 step 2: drift at script ` +
        `entry 1 (recorded at turn 1 step 2)`,
    )
    expect(message).toContain('message 2 differs (role tool)')
    expect(message).toContain('-   b.txt\n+   c.txt')
  })

  it('serves a drifted request anyway when drift checks are off', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ sessions: [{ file: files['session.jsonl'] }], drift: false })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    const request = {
      ...requestAt(id, twoTurns, 1, 1),
      messages: [{ role: 'user' as const, content: 'something else' }],
    }
    expect(await collect(ctx.llm.stream(request))).toEqual(toolCallChunks(call))
    expect(replay.errors).toEqual([])
  })

  it('reports entries never consumed: unconsumed(), verify() and stderr at shutdown', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))
    expect(replay.unconsumed()).toEqual([
      {
        session: 0,
        file: files['session.jsonl'],
        index: 1,
        at: { turn: 1, step: 2 },
        call: place(1, 2),
        kind: 'chunks',
      },
      {
        session: 0,
        file: files['session.jsonl'],
        index: 2,
        at: { turn: 2, step: 1 },
        call: place(2, 1),
        kind: 'chunks',
      },
    ])
    let thrown: unknown
    try {
      replay.verify()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ReplayVerificationError)
    expect((thrown as Error).message).toContain('1. [REPLAY_UNCONSUMED] scenario "demo", session 0')
    expect((thrown as Error).message).toContain(
      '2 script entries were never requested (no live call had their identity): ' +
        'entry 1 (turn 1 step 2, chunks), entry 2 (turn 2 step 1, chunks)',
    )
    // verify() handed the problems to the host: shutdown does not repeat them.
    const stderr = vi.mocked(process.stderr.write)
    stderr.mockClear()
    await ctx.fiber.dispose()
    expect(stderr.mock.calls).toEqual([])
  })

  it('without verify(), writes every problem to stderr at shutdown for a subprocess host', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))
    await collect(ctx.llm.stream({ ...requestAt(id, twoTurns, 1, 1), step: 9 }))
    const stderr = vi.mocked(process.stderr.write)
    stderr.mockClear()
    await ctx.fiber.dispose()
    const lines = stderr.mock.calls.map(([line]) => String(line))
    expect(lines[0]).toMatch(/^llm-replay: note: .*no model\/request records .* unchecked/)
    expect(lines[1]).toMatch(
      /^llm-replay: REPLAY_EXTRA_CALL: .*turn 1 step 9: no recorded model call has this identity/,
    )
    expect(lines.at(-1)).toMatch(/^llm-replay: REPLAY_UNCONSUMED: scenario "demo", session 0 .*\n$/)
    expect(lines.every((line) => line.split('\n').length === 2)).toBe(true)
  })

  it('fails to start when a fixture is missing, naming the file', async () => {
    const missing = join(root, 'nowhere', 'session.jsonl')
    await expect(start({ scenario: 'gone', sessions: [{ file: missing }] })).rejects.toThrow(
      `cannot read session log 0 of scenario "gone" ${missing}: the file does not exist; record the session first`,
    )
  })

  it('fails to start on a malformed fixture line or chunk, naming file and line', async () => {
    const lines = logText(twoTurns).split('\n')
    const badLine = lines.findIndex((line) => line.includes('"text":"Two "')) + 1
    const bad = scenario({ 'session.jsonl': lines.join('\n').replace('"text":"Two "', '"txt":"Two "') })
    await expect(start({ sessions: [{ file: bad['session.jsonl'] }] })).rejects.toThrow(
      // The shared reader (session/log-format.ts) checks the data against the event's schema first.
      `${bad['session.jsonl']}:${badLine}: event "assistant/chunk" has invalid data: data.chunk.text: required field`,
    )
    const broken = scenario({ 'session.jsonl': `${logText(twoTurns)}{not json\n` })
    await expect(start({ sessions: [{ file: broken['session.jsonl'] }] })).rejects.toThrow(
      `${broken['session.jsonl']}:${twoTurns.length + 2}: not valid JSON`,
    )
  })

  it('fails to start on an invalid override, naming the file and JSON path', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'replay.override.json': { entries: [{ kind: 'chunks', at: { turn: 1, step: 1 }, chunks: [{ type: 'txt' }] }] },
    })
    await expect(
      start({ sessions: [{ file: files['session.jsonl'] }], override: files['replay.override.json'] }),
    ).rejects.toThrow(`${files['replay.override.json']}: $.entries[0].chunks[0].type: unknown type "txt"`)
  })

  it('rejects an override that targets a session with no log, and unknown config keys', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'replay.override.json': { session: 1, entries: [] },
    })
    await expect(
      start({ sessions: [{ file: files['session.jsonl'] }], override: files['replay.override.json'] }),
    ).rejects.toThrow(
      `${files['replay.override.json']}: $.session: targets session 1, but only 1 session log is configured`,
    )
    await expect(
      start({ sessions: [{ file: files['session.jsonl'] }], overide: 'x' } as ReplayConfigInput),
    ).rejects.toThrow(/overide/)
  })

  it('names the first request of an extra session it binds on that request (session/load)', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    sessions.create({ cwd: LIVE_CWD })
    sessions.persist({ type: 'session', version: 1, id: 'restored', createdAt: 0, cwd: LIVE_CWD })
    const [finish] = await collect(ctx.llm.stream(requestAt('restored', twoTurns, 3, 1)))
    expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'REPLAY_EXTRA_SESSION' } })
    expect(replay.errors[0]?.message).toContain(
      'live session restored (first request at turn 3 step 1) is session number 2',
    )
  })

  it('says when a log was never bound: the agent opened fewer sessions than recorded', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns), 'session.1.jsonl': logText(twoTurns) })
    const { replay } = await start({ sessions: [{ file: files['session.jsonl'] }, { file: files['session.1.jsonl'] }] })
    expect(() => replay.verify()).toThrow(
      `no live session was bound to this log (the agent opened fewer sessions than recorded)`,
    )
    expect(replay.unconsumed()).toHaveLength(6)
  })

  it('names the override file and JSON path when an overridden entry drifts', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'replay.override.json': { entries: [{ kind: 'chunks', at: { turn: 1, step: 1 }, chunks: [text('x'), stop] }] },
    })
    const { ctx, sessions, replay } = await start({
      sessions: [{ file: files['session.jsonl'] }],
      override: files['replay.override.json'],
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream({ ...requestAt(id, silentCall, 1, 1), messages: [] }))
    expect(replay.errors[0]?.message).toContain(
      `drift at script entry 0 (recorded at turn 1 step 1, from ${files['replay.override.json']} $.entries[0])`,
    )
  })

  it('says why a fixture path cannot be read when it is not missing but a directory', async () => {
    await expect(start({ scenario: 'dir', sessions: [{ file: root }] })).rejects.toThrow(
      new RegExp(`cannot read session log 0 of scenario "dir" ${root}: EISDIR`),
    )
  })

  it('rejects a scenario-wide override when no session log is configured', async () => {
    const files = scenario({ 'replay.override.json': { entries: [] } })
    await expect(start({ sessions: [], override: files['replay.override.json'] })).rejects.toThrow(
      `${files['replay.override.json']}: $: targets session 0, but only 0 session logs are configured`,
    )
  })
})

function place(turn: number, step: number) {
  return { turn, step, attempt: 1, purpose: 'turn' }
}
