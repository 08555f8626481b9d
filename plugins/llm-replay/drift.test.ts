import { describe, expect, it } from 'vitest'
import { buildMessages } from '../session/test-support/build-messages.ts'
import type { Message } from '../llm/types.ts'
import { cwdCollapser } from '../../lib/cwd-spellings.ts'
import { checkDrift } from './drift.ts'
import { buildEvents, liveMessages, stop, text, toolCallChunks } from './test-support/builders.ts'

const call = { id: '{{call:1}}', name: 'bash', arguments: '{"command":"cat {{cwd}}/notes.txt"}' }
const recordedEvents = buildEvents([
  {
    prompt: 'show the notes',
    steps: [
      {
        chunks: toolCallChunks(call),
        tools: [{ call, output: 'line one\nline two\nline three\n{{cwd}}/notes.txt done' }],
      },
      { chunks: [text('They say hello.'), stop] },
    ],
  },
])
const at = { turn: 1, step: 2 }
const LIVE_CWD = '/tmp/dsh-scenario-42'
/** What the live agent sends at (1,2) when nothing changed. */
const unchanged = () => liveMessages(buildMessages(recordedEvents, at), LIVE_CWD)

const drift = (live: Message[], liveAt = at) =>
  checkDrift({ recordedEvents, recordedAt: at, liveAt, liveMessages: live, liveCwds: [LIVE_CWD] })

describe('checkDrift', () => {
  it('accepts the same history once the live cwd is written {{cwd}}', () => {
    expect(unchanged()[2]?.content).toContain(`${LIVE_CWD}/notes.txt`)
    expect(drift(unchanged())).toBeUndefined()
  })

  it('reports changed tool output as a compact line diff of that message only', () => {
    const live = unchanged()
    live[2] = {
      ...(live[2] as Extract<Message, { role: 'tool' }>),
      content: `line one\nline 2\nline three\n${LIVE_CWD}/notes.txt done`,
    }
    const report = drift(live) as string
    expect(report).toContain('message 2 differs (role tool); - recorded, + live:')
    expect(report).toContain('\n  …\n    line one\n-   line two\n+   line 2\n    line three\n  …')
    expect(report).not.toContain('show the notes') // earlier messages are not dumped
    expect(report.split('\n').length).toBeLessThan(12)
  })

  it('reports a changed prompt as message 0', () => {
    const live = unchanged()
    live[0] = { role: 'user', content: 'show the notes, please' }
    expect(drift(live)).toBe(
      'message 0 differs (role user); - recorded, + live:\n- content: show the notes\n+ content: show the notes, ' +
        'please\n  role: user',
    )
  })

  it('reports a (turn, step) mismatch before looking at messages', () => {
    expect(drift(unchanged(), { turn: 2, step: 1 })).toBe(
      'the live request is turn 2 step 1 but the next recorded model call is turn 1 step 2; the agent now makes a ' +
        'different number of calls per turn',
    )
  })

  it('reports a missing or extra message with the counts', () => {
    expect(drift(unchanged().slice(0, 2))).toMatch(
      /^message 2 \(tool\) is missing from the live history \(recorded history has 3 messages, live has 2\)/,
    )
    expect(drift([...unchanged(), { role: 'user', content: 'extra' }])).toMatch(
      /^the live history has an extra message 3 \(user\)/,
    )
  })

  it('says so when the recorded log has no step at the scripted position', () => {
    const report = checkDrift({
      recordedEvents,
      recordedAt: { turn: 5, step: 1 },
      liveAt: { turn: 5, step: 1 },
      liveMessages: [],
      liveCwds: [],
    })
    expect(report).toContain('the recorded log has no step/start for turn 5 step 1')
  })

  it('normalizes a raw (unnormalized) recorded log by its own header cwd', () => {
    const rawEvents = JSON.parse(
      JSON.stringify(recordedEvents).split('{{cwd}}').join('/tmp/recorded-run'),
    ) as typeof recordedEvents
    const report = checkDrift({
      recordedEvents: rawEvents,
      recordedAt: at,
      liveAt: at,
      liveMessages: unchanged(),
      liveCwds: [LIVE_CWD],
      recordedCwd: '/tmp/recorded-run',
    })
    expect(report).toBeUndefined()
  })
})

describe('drift reports', () => {
  it('names both roles when the message at the same index changed role', () => {
    const live = unchanged()
    live[2] = { role: 'user', content: 'stop' }
    expect(drift(live)).toMatch(/^message 2 differs \(role recorded tool, live user\); - recorded, \+ live:\n/)
  })

  it('shows a flag that differs, and cuts a long extra message to 12 lines of 160 characters', () => {
    const live = unchanged()
    live[2] = { ...(live[2] as Extract<Message, { role: 'tool' }>), isError: true }
    expect(drift(live)).toContain('+ isError: true')
    const long: Message = { role: 'user', content: ['x'.repeat(200), ...Array.from({ length: 20 }, String)].join('\n') }
    const report = drift([...unchanged(), long]) as string
    expect(report).toMatch(/^the live history has an extra message 3 \(user\)/)
    expect(report).toContain(`\n    ${'x'.repeat(158)}…\n`)
    expect(report).toContain('… (11 more lines)')
    expect(report.split('\n')).toHaveLength(14)
  })
})

describe('cwdCollapser', () => {
  it('replaces every spelling, longest first', () => {
    const messages: Message[] = [
      {
        role: 'assistant',
        content: 'in /private/var/t and /var/t',
        toolCalls: [{ id: 'c', name: 'read', arguments: '{"path":"/private/var/t/a"}' }],
      },
    ]
    // '/var/t' is a suffix of '/private/var/t': replacing it first would leave '/private{{cwd}}'.
    const collapse = cwdCollapser(['/var/t', '/private/var/t'])!
    expect(JSON.parse(collapse(JSON.stringify(messages)))).toEqual([
      {
        role: 'assistant',
        content: 'in {{cwd}} and {{cwd}}',
        toolCalls: [{ id: 'c', name: 'read', arguments: '{"path":"{{cwd}}/a"}' }],
      },
    ])
  })
})

describe('the history diff', () => {
  it('cuts a huge tool output diff to a bounded size', () => {
    const big = Array.from({ length: 5000 }, (_, i) => `row ${i}`).join('\n')
    const bigEvents = buildEvents([
      {
        prompt: 'show the notes',
        steps: [{ chunks: toolCallChunks(call), tools: [{ call, output: big }] }, { chunks: [text('Rows.'), stop] }],
      },
    ])
    const live = liveMessages(buildMessages(bigEvents, at), LIVE_CWD)
    expect(live[2]!.content).toBe(big)
    live[2] = { ...(live[2] as Extract<Message, { role: 'tool' }>), content: big.replace(/row (\d+)7\b/g, 'ROW $17') }
    const liveCwds = [LIVE_CWD]
    const report = checkDrift({ recordedEvents: bigEvents, recordedAt: at, liveAt: at, liveMessages: live, liveCwds })!
    expect(report.split('\n').length).toBeLessThanOrEqual(27)
    expect(report).toContain('diff cut at 24 lines')
  })

  it('ignores key order', () => {
    const live = unchanged()
    const reordered = Object.fromEntries(Object.entries(live[2]!).reverse()) as Message
    expect(Object.keys(reordered)).not.toEqual(Object.keys(live[2]!))
    live[2] = reordered
    expect(drift(live)).toBeUndefined()
  })
})
