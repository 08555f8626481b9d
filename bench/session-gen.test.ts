import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serveInput, serveThroughReplay } from './replay-service-run.ts'
import { buildMessages } from '../plugins/session/test-support/build-messages.ts'
import { deriveReplayScript } from '../plugins/llm-replay/index.ts'
import { parseSessionLog } from '../plugins/session/log-format.ts'
import { generateSession, replayInput, sessionText } from './session-gen.ts'

describe('generateSession', () => {
  it('lays out each turn like a recorded text turn', () => {
    const session = generateSession({ turns: 2, chunksPerTurn: 3 })
    const types = session.events.map((event) => event.type)
    const turn = [
      'user/message',
      'turn/start',
      'step/start',
      'request/header',
      'assistant/chunk',
      'assistant/chunk',
      'assistant/chunk',
      'assistant/chunk',
      'assistant/chunk',
      'assistant/message',
      'step/end',
      'turn/end',
    ]
    // request/header is written once, when it first appears.
    expect(types).toEqual([...turn, ...turn.filter((type) => type !== 'request/header')])
    const chunks = session.events
      .filter((event) => event.type === 'assistant/chunk')
      .slice(0, 5)
      .map((event) => (event.data as { chunk: { type: string } }).chunk.type)
    expect(chunks).toEqual(['text-delta', 'text-delta', 'text-delta', 'usage', 'finish'])
  })

  it('derives to one script entry per turn holding every chunk', () => {
    const script = deriveReplayScript(generateSession({ turns: 3, chunksPerTurn: 10 }).events)
    expect(
      script.map((entry) => [entry.at.turn, entry.entry.kind, (entry.entry as { chunks: unknown[] }).chunks.length]),
    ).toEqual([
      [1, 'chunks', 12],
      [2, 'chunks', 12],
      [3, 'chunks', 12],
    ])
  })

  it('records assistant messages that agree with their chunks, so a replay sees no drift', () => {
    const session = generateSession({ turns: 2, chunksPerTurn: 4 })
    expect(buildMessages(session.events, { turn: 2, step: 1 })).toEqual([
      { role: 'user', content: 'Turn 1: keep talking.' },
      { role: 'assistant', content: 'alpha beta gamma delta ' },
      { role: 'user', content: 'Turn 2: keep talking.' },
    ])
  })

  it('writes a fixture the session reader accepts, and an input that sends each prompt once', () => {
    const session = generateSession({ turns: 2, chunksPerTurn: 1 })
    const log = parseSessionLog(sessionText(session), 'generated')
    expect(log.header).toMatchObject({ id: '{{session:1}}', cwd: '{{cwd}}' })
    expect(log.events).toHaveLength(session.events.length)
    expect(replayInput(session).steps.map((step) => step.op)).toEqual(['initialize', 'newSession', 'prompt', 'prompt'])
  })

  it('gives a header-only log for zero turns and carries a live system prompt when asked', () => {
    expect(generateSession({ turns: 0, chunksPerTurn: 0 }).events).toEqual([])
    const live = generateSession({ turns: 1, chunksPerTurn: 0, request: { system: 'sys', tools: [] } })
    expect(live.events.find((event) => event.type === 'request/header')?.data).toMatchObject({
      system: 'sys',
      tools: [],
    })
    expect(() => generateSession({ turns: -1, chunksPerTurn: 0 })).toThrow(/turns must be a non-negative integer/)
  })
})

describe('generateSession with calls beyond one per step (issue 37 item 7)', () => {
  it('spreads compactions and retried calls over the session, and replay serves every call by identity', async () => {
    const session = generateSession({ turns: 40, chunksPerTurn: 3, calls: { retried: 5, compactions: 2 } })
    const count = (type: string) => session.events.filter((event) => event.type === type).length
    expect([count('compaction/end'), count('model/retry'), count('model/request')]).toEqual([2, 5, 47])
    const root = mkdtempSync(join(tmpdir(), 'bench-calls-'))
    try {
      const file = join(root, 'session.jsonl')
      writeFileSync(file, sessionText(session))
      mkdirSync(join(root, 'sessions'))
      const input = serveInput(session, { file, sessionsRoot: join(root, 'sessions'), cwd: root })
      expect(input.calls.filter((call) => call.purpose === 'compaction')).toHaveLength(2)
      await serveThroughReplay(input)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
