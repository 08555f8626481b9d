// Entering a scenario scope (plugins/scope): the in-process test host hands each scenario's
// fixtures to the running plugin instead of restarting it; it then behaves as if restarted with them.
import type { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import type { ReplayScope } from '../scope/index.ts'
import { collect, replayHarness } from './test-support/harness.ts'
import { buildEvents, logText, silentCall, stop, text } from './test-support/builders.ts'

const harness = replayHarness()
const { scenario, start, requestAt } = harness

const answer = (word: string) => buildEvents([{ prompt: 'say', steps: [{ chunks: [text(word), stop] }] }])

/** Enter a scope that serves `replay` (the sessions root is the harness's fake store's, unused). */
const enter = (ctx: Context, replay: ReplayScope) => ctx.scope.enter({ name: 'load', sessionsRoot: '/unused', replay })

describe('llm-replay in a scenario scope', () => {
  it('serves the new fixtures from their start, with none of the old player left', async () => {
    const [a, b] = [answer('A'), answer('B')]
    const first = scenario({ 'session.jsonl': logText(a) })
    const second = scenario({ 'session.jsonl': logText(b) })
    const { ctx, sessions, replay } = await start({ scenario: 'a', sessions: [{ file: first['session.jsonl'] }] })
    const one = sessions.create({ cwd: harness.liveCwd }).id
    expect(await collect(ctx.llm.stream(requestAt(one, a, 1, 1)))).toEqual([text('A'), stop])
    replay.verify()

    await enter(ctx, { scenario: 'b', sessions: [{ file: second['session.jsonl'] }] })
    // The session of the first scenario is not bound any more: a new one takes session 0 again.
    const two = sessions.create({ cwd: harness.liveCwd }).id
    expect(await collect(ctx.llm.stream(requestAt(two, b, 1, 1)))).toEqual([text('B'), stop])
    expect(replay.errors).toEqual([])
    expect(() => replay.verify()).not.toThrow()
  })

  it('releases a hang of the retired player and reports what it never verified, as a stop does', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'override.json': { entries: [{ kind: 'hang', at: { turn: 1, step: 1 } }] },
    })
    const { ctx, sessions } = await start({
      sessions: [{ file: files['session.jsonl'], override: files['override.json'] }],
    })
    const { id } = sessions.create({ cwd: harness.liveCwd })
    const result = collect(ctx.llm.stream(requestAt(id, silentCall, 1, 1)))
    await new Promise((resolve) => setTimeout(resolve, 10))
    const written: string[] = []
    const write = process.stderr.write as unknown as { mockImplementation(f: (line: string) => boolean): void }
    write.mockImplementation((line: string) => written.push(line) > 0)
    await enter(ctx, { sessions: [] })
    expect(await result).toMatchObject([{ type: 'finish', reason: 'error', error: { code: 'REPLAY_STOPPED' } }])
    expect(written).toEqual([])
    // Unverified problems of the retired player go to stderr once, as at shutdown.
    const unused = scenario({ 'session.jsonl': logText(answer('C')) })
    await enter(ctx, { sessions: [{ file: unused['session.jsonl'] }] })
    await enter(ctx, { sessions: [] })
    expect(written.join('')).toMatch(/^llm-replay: REPLAY_UNCONSUMED: /)
    expect(written).toHaveLength(1)
  })

  it('keeps serving the current fixtures when the new ones do not load', async () => {
    const a = answer('A')
    const files = scenario({ 'session.jsonl': logText(a), 'bad.json': '{ not json' })
    const { ctx, sessions, replay } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    await expect(
      enter(ctx, { sessions: [{ file: files['session.jsonl'], override: files['bad.json'] }] }),
    ).rejects.toThrow(/scope load: could not enter: .*bad\.json/)
    const { id } = sessions.create({ cwd: harness.liveCwd })
    expect(await collect(ctx.llm.stream(requestAt(id, a, 1, 1)))).toEqual([text('A'), stop])
    expect(() => replay.verify()).not.toThrow()
  })
})
