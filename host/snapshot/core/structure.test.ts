import { describe, expect, it } from 'vitest'
import { checkExpectations, compareStructure } from './structure.ts'

const event = (type: string, data: object) => JSON.stringify({ type, data })
const log = (calls: Array<[string, object]>, stop = 'end_turn', words = 'Done.') =>
  [
    event('user/message', { turn: 1, content: [] }),
    ...calls.map(([name, args]) => event('tool/call', { turn: 1, step: 1, name, arguments: JSON.stringify(args) })),
    event('assistant/chunk', {
      turn: 1,
      step: 1,
      chunk: { type: 'finish', reason: calls.length ? 'tool-calls' : 'stop' },
    }),
    event('assistant/message', { turn: 1, step: 2, text: words, toolCalls: [] }),
    event('turn/end', { turn: 1, reason: stop }),
  ].join('\n')
const message = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value })
const chunk = (text: string) =>
  message({ method: 'session/update', params: { update: { sessionUpdate: 'agent_message_chunk', content: { text } } } })
const transcript = (chunks: string[], stopReason = 'end_turn') => [
  message({ id: 1, method: 'session/prompt', params: {} }),
  ...chunks.map(chunk),
  message({ id: 1, result: { stopReason } }),
]

describe('the structure of a run', () => {
  it('lists tool calls with their argument keys, step stops and turn endings', () => {
    const written = log([['write_file', { path: 'a', content: 'x' }]])
    const against = (live: string) =>
      compareStructure({ logs: [written], transcript: [] }, { logs: [live], transcript: [] })
    expect(against(log([['write_file', { content: 'y', path: 'b' }]]))).toEqual([])
    expect(against(log([]))).toEqual([
      'session.jsonl: at 1: the recording has "turn 1: tool write_file(content, path)", ' +
        'the live run "turn 1: stop stop"',
    ])
    expect(against(written.replace('"reason":"tool-calls"', '"reason":"length"'))).toEqual([
      'session.jsonl: at 2: the recording has "turn 1: stop tool-calls", the live run "turn 1: stop length"',
    ])
    expect(against(log([['write_file', { path: 'a', content: 'x' }]], 'cancelled'))).toEqual([
      'session.jsonl: at 3: the recording has "turn 1: end end_turn", the live run "turn 1: end cancelled"',
    ])
  })

  it('shapes a transcript by message kind, a run of chunks once', () => {
    const against = (live: string[]) =>
      compareStructure({ logs: [], transcript: transcript(['a', 'b', 'c']) }, { logs: [], transcript: live })
    expect(against(transcript(['x']))).toEqual([])
    expect(against(transcript([]))).toEqual([
      'transcript shape: at 2: the recording has "session/update agent_message_chunk", the live run "result end_turn"',
    ])
    expect(against(transcript(['x'], 'cancelled'))).toEqual([
      'transcript shape: at 3: the recording has "result end_turn", the live run "result cancelled"',
    ])
  })
})

describe('compareStructure', () => {
  const recorded = { logs: [log([['bash', { command: 'ls' }]])], transcript: transcript(['Hel', 'lo.']) }

  it('agrees with other wording, other argument values and another number of chunks', () => {
    const live = {
      logs: [log([['bash', { command: 'ls -la' }]], 'end_turn', 'Other words.')],
      transcript: transcript(['Hi.']),
    }
    expect(compareStructure(recorded, live)).toEqual([])
  })

  it('names the first structural difference of each surface', () => {
    const live = {
      logs: [log([['read_file', { path: 'x' }]], 'max_tokens')],
      transcript: transcript([], 'max_tokens'),
    }
    expect(compareStructure(recorded, live)).toEqual([
      'session.jsonl: at 1: the recording has "turn 1: tool bash(command)", ' +
        'the live run "turn 1: tool read_file(path)"',
      'transcript shape: at 2: the recording has "session/update agent_message_chunk", ' +
        'the live run "result max_tokens"',
    ])
    expect(compareStructure(recorded, { ...recorded, logs: [] })).toEqual([
      'the recording has 1 session log, the live run 0',
    ])
  })
})

describe('expect: rules', () => {
  const live = {
    logs: [log([['write_file', { path: 'notes.md', content: 'v' }]], 'end_turn', 'Now version 2.1.')],
    transcript: [],
  }

  it('passes when a tool call and a text match', () => {
    expect(
      checkExpectations([{ tool: 'write_file', args: { path: 'notes.md' } }, { text: 'version 2\\.1' }], live),
    ).toEqual([])
  })

  it('names each broken rule with what the live run did', () => {
    expect(checkExpectations([{ tool: 'write_file', args: { path: 'other.md' } }, { text: '^v3$' }], live)).toEqual([
      'expect[0]: no tool call to write_file with {"path":"other.md"} (the live run called: write_file)',
      'expect[1]: no assistant text matches /^v3$/',
    ])
  })
})
