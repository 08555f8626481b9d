// A fork's log (docs/fork.md) holds copies of its parent's history but none of the parent's calls:
// replay binds it in creation order after its parent and serves each of its calls by the fork's own
// identity; the parent's calls are the parent's, and the fork's copied history is what its requests
// are compared with (issue 37 item 4).
import { describe, expect, it } from 'vitest'
import type { Message, StreamChunk } from '../llm/types.ts'
import type { HistoryEvent } from '../session/history.ts'
import { deriveReplayScript } from './derive.ts'
import type { RecordedSession } from './fixtures.ts'
import { ReplayPlayer } from './player.ts'
import { buildEvents, stop, text } from './test-support/builders.ts'

const parentLog = buildEvents([
  { prompt: 'one', steps: [{ chunks: [text('A1'), stop] }] },
  { prompt: 'two', steps: [{ chunks: [text('A2'), stop] }] },
])
// The fork after turn 1: the parent's turn 1 without its chunks, then its own turn 2.
const forkOwn = buildEvents([
  { prompt: 'one', steps: [{ chunks: [text('A1'), stop] }] },
  { prompt: 'in the fork', steps: [{ chunks: [text('F2'), stop] }] },
])
const turnTwoStart = forkOwn.findIndex((e) => e.type === 'turn/start' && (e.data as { turn: number }).turn === 2)
const forkLog = [
  ...forkOwn.slice(0, turnTwoStart).filter((e) => e.type !== 'assistant/chunk'),
  ...forkOwn.slice(turnTwoStart),
]

function recorded(index: number, events: HistoryEvent[]): RecordedSession {
  return {
    index,
    id: `r${index}`,
    file: index ? `session.${index}.jsonl` : 'session.jsonl',
    cwd: { kind: 'token', suffix: '' },
    historyEvents: events.filter((event) => event.type !== 'assistant/chunk'),
    script: deriveReplayScript(events),
  }
}

const user = (content: string): Message => ({ role: 'user', content })
const assistant = (content: string): Message => ({ role: 'assistant', content })

function served(player: ReplayPlayer, sessionId: string, turn: number, messages: Message[]): StreamChunk[] | string {
  const serving = player.take({ sessionId, turn, step: 1, messages })
  return serving.kind === 'serve' ? [...serving.chunks] : `${serving.problem.code}: ${serving.problem.message}`
}

describe('a fork on replay', () => {
  it('binds after its parent and serves its own calls by its own identity; nothing is left or served twice', () => {
    const player = new ReplayPlayer([recorded(0, parentLog), recorded(1, forkLog)], { scenario: 's', drift: true })
    player.bind('parent', [])
    player.bind('fork', [])
    expect(served(player, 'parent', 1, [user('one')])).toEqual([text('A1'), stop])
    expect(served(player, 'parent', 2, [user('one'), assistant('A1'), user('two')])).toEqual([text('A2'), stop])
    expect(served(player, 'fork', 2, [user('one'), assistant('A1'), user('in the fork')])).toEqual([text('F2'), stop])
    expect(player.errors).toEqual([])
    expect(player.unconsumedProblems()).toEqual([])
  })

  it('compares the fork’s request with its copied history: the parent’s later turn in it is drift', () => {
    const player = new ReplayPlayer([recorded(0, parentLog), recorded(1, forkLog)], { scenario: 's', drift: true })
    player.bind('parent', [])
    player.bind('fork', [])
    // The fork has no call of its own at turn 1: the copies are history, not calls.
    expect(served(player, 'fork', 1, [user('one')])).toMatch(
      /^REPLAY_EXTRA_CALL: .*turn 1 step 1: no recorded model call/,
    )
    const tooMuch = [user('one'), assistant('A1'), user('two'), assistant('A2'), user('in the fork')]
    expect(served(player, 'fork', 2, tooMuch)).toMatch(/^REPLAY_DRIFT: /)
  })
})
