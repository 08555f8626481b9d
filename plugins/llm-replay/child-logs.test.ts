// Subagents' recordings: each child log names its spawning call; a live child binds to the log its
// parent's recording spawned at the same turn, step and call, whatever order the children start in.
import { describe, expect, it } from 'vitest'
import type { SpawnPoint } from '../session/events.ts'
import { loadFixtures } from './fixtures.ts'
import { ReplayPlayer } from './player.ts'
import { buildEvents, stop, text, toolCallsFinish } from './test-support/builders.ts'

const taskCall = (n: number) => ({
  id: `call_${n}`,
  name: 'task',
  arguments: `{"description":"d${n}","prompt":"p${n}"}`,
})
const parentEvents = buildEvents([
  {
    prompt: 'go',
    steps: [
      {
        chunks: [toolCallsFinish],
        tools: [
          { call: taskCall(0), output: 'one' },
          { call: taskCall(1), output: 'two' },
        ],
      },
      { chunks: [text('done'), stop] },
    ],
  },
])
const childEvents = (prompt: string, reply: string) =>
  buildEvents([{ prompt, steps: [{ chunks: [text(reply), stop] }] }])

const header = (id: string, parent?: { callId: string; spawn: SpawnPoint }) =>
  JSON.stringify({
    type: 'session',
    version: 1,
    id,
    cwd: '{{cwd}}',
    ...(parent ? { parentSession: '{{session:1}}', parentCallId: parent.callId, spawn: parent.spawn } : {}),
  })
const log = (head: string, events: object[]) => `${[head, ...events.map((e) => JSON.stringify(e))].join('\n')}\n`

const files: Record<string, string> = {
  'x/session.jsonl': log(header('{{session:1}}'), parentEvents),
  'x/session.1.jsonl': log(
    header('{{session:2}}', { callId: 'call_0', spawn: { turn: 1, step: 1, call: 0 } }),
    childEvents('p0', 'one'),
  ),
  'x/session.2.jsonl': log(
    header('{{session:3}}', { callId: 'call_1', spawn: { turn: 1, step: 1, call: 1 } }),
    childEvents('p1', 'two'),
  ),
}
const load = (texts: Record<string, string>) =>
  loadFixtures({ scenario: 'x', sessions: Object.keys(texts).map((file) => ({ file })) }, (file) => texts[file]!)
const ask = (sessionId: string, prompt: string) => ({
  sessionId,
  turn: 1,
  step: 1,
  messages: [{ role: 'user' as const, content: prompt }],
})
const served = (serving: ReturnType<ReplayPlayer['take']>) =>
  serving.kind === 'serve' ? [...serving.chunks].map((c) => (c.type === 'text-delta' ? c.text : '')).join('') : serving

describe('subagent logs in replay', () => {
  it('binds each live child by its spawning call, not by the order the children start or ask', () => {
    const player = new ReplayPlayer(load(files), { scenario: 'x', drift: true })
    player.bind('live-parent', [])
    player.bind('kid-b', [], undefined, { parentSession: 'live-parent', spawn: { turn: 1, step: 1, call: 1 } })
    player.bind('kid-a', [], undefined, { parentSession: 'live-parent', spawn: { turn: 1, step: 1, call: 0 } })
    expect(served(player.take(ask('kid-b', 'p1')))).toBe('two')
    expect(served(player.take(ask('kid-a', 'p0')))).toBe('one')
    expect(player.errors).toEqual([])
  })

  it('a live child no recording names, and a recorded child never spawned, are named errors', () => {
    const player = new ReplayPlayer(load(files), { scenario: 'x', drift: true })
    player.bind('live-parent', [])
    player.bind('kid', [], undefined, { parentSession: 'live-parent', spawn: { turn: 1, step: 2, call: 0 } })
    const failed = player.take(ask('kid', 'p9'))
    expect(failed).toMatchObject({ kind: 'fail', problem: { code: 'REPLAY_EXTRA_SESSION' } })
    expect(player.errors[0]!.message).toMatch(
      /session 0 \(x\/session\.jsonl\): the task call at turn 1, step 2, call 1 spawned subagent kid, but no recorded/,
    )
    const unconsumed = player
      .unconsumedProblems()
      .map((p) => p.message)
      .filter((message) => message.includes('the subagent spawned'))
    expect(unconsumed).toEqual([
      expect.stringMatching(/x\/session\.1\.jsonl, the subagent spawned at turn 1, step 1, call 1\).*never spawned/),
      expect.stringMatching(/x\/session\.2\.jsonl, the subagent spawned at turn 1, step 1, call 2\).*never spawned/),
    ])
  })

  it('a session.<n>.jsonl with no spawning call is refused at load: file, line 1, what to do', () => {
    const orphan = { ...files, 'x/session.2.jsonl': files['x/session.2.jsonl']!.replace('"call_1"', '"call_7"') }
    expect(() => load(orphan)).toThrow(
      new RegExp(
        '^x/session\\.2\\.jsonl:1: a subagent log with no spawning call: ' +
          'x/session\\.jsonl has no tool call call_7 at turn 1, step 1, call 2; re-record',
      ),
    )
    const stray = {
      ...files,
      'x/session.1.jsonl': files['x/session.1.jsonl']!.replace(
        '"parentSession":"{{session:1}}"',
        '"parentSession":"nobody"',
      ),
    }
    expect(() => load(stray)).toThrow(
      /^x\/session\.1\.jsonl:1: a subagent log with no spawning call: its parent session nobody/,
    )
  })
})
