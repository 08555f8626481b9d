// Replay binds a live call to the recorded call with the same identity (turn, step, attempt,
// purpose), never by arrival order; each kind of mismatch is its own named problem, and the
// request parameters a `model/request` record holds are compared by name (issues 37.1, 41.1).
import { describe, expect, it } from 'vitest'
import type { StreamChunk } from '../llm/types.ts'
import type { HistoryEvent } from '../session/history.ts'
import { deriveReplayScript } from './derive.ts'
import type { RecordedSession } from './fixtures.ts'
import { ReplayPlayer } from './player.ts'

type LiveRequest = Parameters<ReplayPlayer['take']>[0]
import { stop, text } from './test-support/builders.ts'

const rateLimited: StreamChunk = {
  type: 'finish',
  reason: 'error',
  error: { message: 'HTTP 429', code: 'RATE_LIMIT', status: 429, retryAfterMs: 2000 },
}

/** Turn 1 step 1: attempt 1 rate-limited, attempt 2 answers; then a compaction call at the same step. */
function retriedLog(maxTokens: number | null = null): HistoryEvent[] {
  const at = { turn: 1, step: 1 }
  const request = (attempt: number, purpose = 'turn') => ({
    type: 'model/request' as const,
    data: { ...at, attempt, purpose, maxTokens },
  })
  return [
    { type: 'user/message', data: { turn: 1, messageId: 'm1', content: [{ type: 'text', text: 'hi' }] } },
    { type: 'turn/start', data: { turn: 1 } },
    { type: 'step/start', data: at },
    request(1),
    { type: 'assistant/chunk', data: { ...at, chunk: rateLimited } },
    { type: 'model/retry', data: { ...at, attempt: 1, purpose: 'turn', delayMs: 2000, code: 'RATE_LIMIT' } },
    request(2),
    { type: 'assistant/chunk', data: { ...at, attempt: 2, chunk: text('hello') } },
    { type: 'assistant/chunk', data: { ...at, attempt: 2, chunk: stop } },
    request(1, 'compaction'),
    { type: 'assistant/chunk', data: { ...at, purpose: 'compaction', chunk: text('summary') } },
    { type: 'assistant/chunk', data: { ...at, purpose: 'compaction', chunk: stop } },
  ]
}

function player(events: HistoryEvent[]): ReplayPlayer {
  const session: RecordedSession = {
    index: 0,
    id: 'r',
    file: 'session.jsonl',
    cwd: { kind: 'token', suffix: '' },
    historyEvents: events.filter((event) => event.type !== 'assistant/chunk'),
    script: deriveReplayScript(events),
  }
  const replay = new ReplayPlayer([session], { scenario: 's', drift: true })
  replay.bind('live', [])
  return replay
}

const ask = (more: Partial<LiveRequest> = {}): LiveRequest => ({
  sessionId: 'live',
  turn: 1,
  step: 1,
  messages: [{ role: 'user', content: 'hi' }],
  ...more,
})

function served(replay: ReplayPlayer, request: LiveRequest): StreamChunk[] | string {
  const serving = replay.take(request)
  return serving.kind === 'serve' ? [...serving.chunks] : `${serving.problem.code}: ${serving.problem.message}`
}

describe('call identity', () => {
  it('serves each call by its identity, whatever order the calls arrive in', () => {
    const replay = player(retriedLog())
    expect(served(replay, ask({ purpose: 'compaction' }))).toEqual([text('summary'), stop])
    expect(served(replay, ask({ attempt: 2 }))).toEqual([text('hello'), stop])
    expect(served(replay, ask())).toEqual([rateLimited])
    expect(replay.errors).toEqual([])
    expect(replay.unconsumedProblems()).toEqual([])
  })

  it('names a call with no recorded twin, a call made twice and a recorded call never made by identity', () => {
    const replay = player(retriedLog())
    expect(served(replay, ask())).toEqual([rateLimited])
    expect(served(replay, ask({ attempt: 3 }))).toMatch(
      new RegExp(
        '^REPLAY_EXTRA_CALL: .*turn 1 step 1 attempt 3: no recorded model call has this identity ' +
          String.raw`\(recorded calls in turn 1: turn 1 step 1, turn 1 step 1 attempt 2, ` +
          String.raw`turn 1 step 1 \(purpose compaction\)\)`,
      ),
    )
    expect(served(replay, ask())).toMatch(/^REPLAY_EXTRA_CALL: .*this call was already served \(script entry 0\)/)
    const [missing] = replay.unconsumedProblems()
    expect(missing?.code).toBe('REPLAY_UNCONSUMED')
    expect(missing?.message).toContain(
      'entry 1 (turn 1 step 1 attempt 2, chunks), entry 2 (turn 1 step 1 (purpose compaction), chunks)',
    )
  })

  it('names a call whose purpose differs from the recorded call at the same turn, step and attempt', () => {
    const replay = player(retriedLog())
    served(replay, ask())
    served(replay, ask({ attempt: 2 }))
    expect(served(replay, ask({ purpose: 'title' }))).toMatch(
      /^REPLAY_PURPOSE: .*the live call has purpose "title" but the recorded call .* had purpose "compaction"/,
    )
  })

  it('compares maxTokens and adapter options with the recorded request, naming the parameter', () => {
    const replay = player(retriedLog(1024))
    expect(served(replay, ask({ maxTokens: 1024 }))).toEqual([rateLimited])
    expect(served(replay, ask({ attempt: 2, maxTokens: 2048, options: { temperature: 0 } }))).toMatch(
      new RegExp(
        '^REPLAY_DRIFT: .*the request parameters differ: maxTokens: recorded 1024, live 2048; ' +
          String.raw`adapter options: recorded none, live \{"temperature":0\}`,
      ),
    )
    expect(replay.notes).toEqual([])
  })

  it('replays a log written before request records, and says once that its parameters are unchecked', () => {
    const old = retriedLog().filter((event) => event.type !== 'model/request')
    const replay = player(old)
    expect(served(replay, ask({ maxTokens: 5 }))).toEqual([rateLimited])
    expect(served(replay, ask({ attempt: 2, maxTokens: 6 }))).toEqual([text('hello'), stop])
    expect(replay.notes).toHaveLength(1)
    expect(replay.notes[0]).toContain('no model/request records')
  })

  it('compares a raw log’s system prompt and tools, naming each', () => {
    const events = retriedLog()
    events.splice(3, 0, {
      type: 'request/header',
      data: { turn: 1, step: 1, model: 'm', system: 'be brief', tools: [], reason: 'initial' },
    })
    const replay = player(events)
    const tools = [{ name: 'bash', description: 'run', parameters: {} }]
    expect(served(replay, ask({ system: 'be long', tools }))).toMatch(
      /system prompt: the live one differs from the recorded request\/header; tools: recorded \[\], live \[bash\]/,
    )
  })
})

describe("a plugin's own call", () => {
  const own = (content: string): HistoryEvent[] => [
    {
      type: 'model/request',
      data: {
        turn: 1,
        step: 0,
        attempt: 1,
        purpose: 'title',
        maxTokens: null,
        system: '',
        messages: [{ role: 'user', content }],
      },
    },
    { type: 'assistant/chunk', data: { turn: 1, step: 0, purpose: 'title', chunk: text('A title') } },
    { type: 'assistant/chunk', data: { turn: 1, step: 0, purpose: 'title', chunk: stop } },
  ]

  it('is bound by its purpose and compared by the messages it sent, not the history', () => {
    const replay = player([...retriedLog(), ...own('Name this chat')])
    const call = {
      step: 0,
      purpose: 'title',
      system: '',
      messages: [{ role: 'user' as const, content: 'Name this chat' }],
    }
    expect(served(replay, ask(call))).toEqual([text('A title'), stop])
    const other = player([...retriedLog(), ...own('Name this chat')])
    expect(served(other, ask({ ...call, messages: [{ role: 'user', content: 'Something else' }] }))).toMatch(
      /^REPLAY_DRIFT: .*turn 1 step 0 \(purpose title\).*messages: recorded 1, live 1, and they differ/,
    )
  })
})
