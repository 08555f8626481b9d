// The player on its own (no Cordis): binding is once per live session, and a request of a
// session nobody bound is a caller bug, said as such.
import { describe, expect, it } from 'vitest'
import { deriveReplayScript } from './derive.ts'
import type { RecordedSession } from './fixtures.ts'
import { ReplayPlayer } from './player.ts'
import { buildEvents, stop, text } from './test-support/builders.ts'

function recorded(index: number, reply: string): RecordedSession {
  const events = buildEvents([{ prompt: 'hi', steps: [{ chunks: [text(reply), stop] }] }])
  return {
    index,
    id: `recorded-${index}`,
    file: `session.${index}.jsonl`,
    cwd: { kind: 'token', suffix: '' },
    historyEvents: events.filter((event) => event.type !== 'assistant/chunk'),
    script: deriveReplayScript(events),
  }
}

const ask = (sessionId: string) => ({
  sessionId,
  turn: 1,
  step: 1,
  messages: [{ role: 'user' as const, content: 'hi' }],
})

describe('ReplayPlayer', () => {
  it('binds a live session once: binding it again keeps its log, the next session gets the next log', () => {
    const player = new ReplayPlayer([recorded(0, 'first'), recorded(1, 'second')], { scenario: 's', drift: true })
    player.bind('a', ['/tmp/a'])
    player.bind('a', ['/tmp/a'])
    player.bind('b', ['/tmp/b'])
    const served = (id: string) => {
      const serving = player.take(ask(id))
      return serving.kind === 'serve' ? [...serving.chunks] : serving.problem
    }
    expect(served('a')).toEqual([text('first'), stop])
    expect(served('b')).toEqual([text('second'), stop])
    expect(player.errors).toEqual([])
  })

  it('refuses a request of a session that was never bound', () => {
    const player = new ReplayPlayer([recorded(0, 'x')], { scenario: 's', drift: true })
    expect(() => player.take(ask('ghost'))).toThrow('replay: session ghost is not bound; call bind() first')
  })

  it('counts the remaining entries in an exhausted-script message', () => {
    const two = buildEvents([
      { prompt: 'hi', steps: [{ chunks: [text('1'), stop] }] },
      { prompt: 'again', steps: [{ chunks: [text('2'), stop] }] },
    ])
    const session = { ...recorded(0, ''), script: deriveReplayScript(two), historyEvents: two }
    const player = new ReplayPlayer([session], { scenario: 's', drift: false })
    player.bind('a', [])
    player.take(ask('a'))
    player.take({ ...ask('a'), turn: 2 })
    const third = player.take({ ...ask('a'), turn: 3 })
    expect(third.kind === 'fail' && third.problem.code).toBe('REPLAY_EXHAUSTED')
    expect(third.kind === 'fail' && third.problem.message).toContain('the script has 2 entries and all were served')
  })

  it('names each failure without prescribing a command: the host knows how the scenario was recorded', () => {
    const player = new ReplayPlayer([recorded(0, 'x'), recorded(1, 'y')], { scenario: 's', drift: true })
    player.bind('a', [])
    const drifted = player.take({ ...ask('a'), messages: [{ role: 'user' as const, content: 'hello?' }] })
    const exhausted = player.take({ ...ask('a'), step: 2 })
    player.bind('b', [])
    player.bind('c', [])
    const extra = player.take(ask('c'))
    const messages = [drifted, exhausted, extra].map((s) => (s.kind === 'fail' ? s.problem.message : ''))
    messages.push(...player.unconsumedProblems().map((problem) => problem.message))
    expect(messages[0]).toContain('message 0 differs')
    expect(messages[1]).toContain('all were served')
    expect(messages[2]).toContain('only 2 session logs were recorded')
    expect(messages[3]).toContain('never requested')
    for (const message of messages) expect(message).not.toMatch(/--mode|re-record|dsh test/i)
  })
})
