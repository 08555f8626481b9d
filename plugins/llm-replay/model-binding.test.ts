// Which model served each recorded call, and the drift a mid-session switch pins.
import { describe, expect, it } from 'vitest'
import type { HistoryEvent } from '../session/history.ts'
import { deriveReplayScript, recordedModels } from './derive.ts'
import { ReplayPlayer } from './player.ts'

const header = (turn: number, model: string): HistoryEvent => ({
  type: 'request/header',
  data: { turn, step: 1, model, system: '', tools: [], reason: 'initial' },
})
const call = (turn: number, text: string): HistoryEvent[] => [
  { type: 'step/start', data: { turn, step: 1 } },
  { type: 'assistant/chunk', data: { turn, step: 1, chunk: { type: 'text-delta', text } } },
  { type: 'assistant/chunk', data: { turn, step: 1, chunk: { type: 'finish', reason: 'stop' } } },
]
const switched: HistoryEvent[] = [
  header(1, 'chat'),
  ...call(1, 'a'),
  { type: 'config/change', data: { configId: 'model', value: 'reasoner' } },
  header(2, 'reasoner'),
  ...call(2, 'b'),
]

function player(events: HistoryEvent[]) {
  const session = {
    index: 0,
    file: 'session.jsonl',
    cwd: { kind: 'token' },
    historyEvents: events.filter((event) => event.type !== 'assistant/chunk'),
    script: deriveReplayScript(events),
  }
  const replay = new ReplayPlayer([session as never], { scenario: 'models', drift: true })
  replay.bind('live', [])
  return replay
}
const request = (turn: number, model: string) => ({ sessionId: 'live', turn, step: 1, messages: [], model })

describe('model binding', () => {
  it('records the model of each call and every model a log names', () => {
    expect(deriveReplayScript(switched).map((entry) => entry.model)).toEqual(['chat', 'reasoner'])
    expect(recordedModels(switched)).toEqual(['chat', 'reasoner'])
  })

  it('a recording that switched models fails a call that goes to another model', () => {
    const replay = player(switched)
    expect(replay.take(request(1, 'chat')).kind).toBe('serve')
    const served = replay.take(request(2, 'chat'))
    expect(served.kind).toBe('fail')
    expect((served as { problem: { message: string } }).problem.message).toContain(
      'the live request goes to model "chat" but the recorded call was served by "reasoner"',
    )
  })

  it('a one-model recording replays under any model name', () => {
    const replay = player([header(1, 'echo'), ...call(1, 'a')])
    expect(replay.take(request(1, 'deepseek-chat')).kind).toBe('serve')
  })
})
