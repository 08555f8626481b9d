import { expect, test } from 'vitest'
import { cutAfter, httpError, malformedEvent, modelTurn, splitText, toolCallReply, turnEvents } from './builders.ts'
import { parseScriptItems } from '../script.ts'

test('splitText makes near-equal pieces without splitting surrogate pairs', () => {
  expect(splitText('abcdefg', 3)).toEqual(['abc', 'def', 'g'])
  expect(splitText('ab', 5)).toEqual(['a', 'b'])
  expect(splitText('', 3)).toEqual([])
  expect(splitText('😀😀', 2)).toEqual(['😀', '😀'])
})

test('a turn is a role chunk, the deltas, and a final chunk with finish_reason and usage', () => {
  const events = turnEvents({
    reasoning: 'r',
    text: 'hello',
    deltas: 2,
    usage: { input: 9, output: 3, cached: 4 },
  }) as any[]
  expect(events.map((event) => event.choices[0].delta)).toEqual([
    { role: 'assistant', content: '' },
    { content: null, reasoning_content: 'r' },
    { content: 'hel', reasoning_content: null },
    { content: 'lo', reasoning_content: null },
    { content: '' },
  ])
  expect(events.at(-1).choices[0].finish_reason).toBe('stop')
  expect(events.at(-1).usage).toMatchObject({
    prompt_tokens: 9,
    completion_tokens: 3,
    prompt_cache_hit_tokens: 4,
    prompt_cache_miss_tokens: 5,
  })
  expect(events.slice(0, -1).every((event) => !('usage' in event))).toBe(true)
})

test('tool calls default to one after the other and finish with tool_calls', () => {
  const item = toolCallReply(
    [
      { id: 'a', name: 'x', arguments: '{}' },
      { id: 'b', name: 'y', arguments: '[]' },
    ],
    { usage: false },
  )
  const calls = (item.events as any[]).flatMap((event) => event.choices[0].delta.tool_calls ?? [])
  expect(calls.map((call) => call.index)).toEqual([0, 0, 1, 1])
  expect(calls[0]).toEqual({ index: 0, id: 'a', type: 'function', function: { name: 'x', arguments: '' } })
  expect((item.events.at(-1) as any).choices[0].finish_reason).toBe('tool_calls')
  expect('usage' in (item.events.at(-1) as any)).toBe(false)
})

test('every builder output is plain JSON that the script schema accepts', () => {
  const items = [
    modelTurn({ text: 'x', delayMs: 5, end: 'close' }),
    cutAfter(modelTurn({ text: 'abc', deltas: 3 }), 2),
    { kind: 'sse', events: [malformedEvent()], end: 'close' },
    httpError(402, 'Insufficient Balance'),
    { kind: 'hang' },
  ]
  const roundTripped = JSON.parse(JSON.stringify(items))
  expect(roundTripped).toEqual(items)
  expect(parseScriptItems(roundTripped)).toEqual(items)
  expect(cutAfter(modelTurn({ text: 'abc', deltas: 3 }), 2)).toMatchObject({ end: 'disconnect', events: { length: 2 } })
})

test('by default a turn streams token-like pieces: reasoning first, then text, then tool calls', () => {
  const events = turnEvents({
    reasoning: 'Look first.',
    text: 'Read 你好.',
    toolCalls: [{ id: 'call_0', name: 'read_file', arguments: '{"path":"a.txt"}' }],
  }) as any[]
  const deltas = events.map((event) => event.choices[0].delta)
  expect(deltas.filter((d) => d.reasoning_content).map((d) => d.reasoning_content)).toEqual(['Look', ' first', '.'])
  expect(deltas.filter((d) => d.content).map((d) => d.content)).toEqual(['Read', ' 你', '好', '.'])
  const lastReasoning = deltas.findLastIndex((d) => d.reasoning_content)
  expect(deltas.findIndex((d) => d.content)).toBeGreaterThan(lastReasoning)
  // A tool call's id and name come on its first delta only; the argument deltas carry neither.
  const calls = deltas.flatMap((d) => d.tool_calls ?? [])
  expect(calls[0]).toEqual({ index: 0, id: 'call_0', type: 'function', function: { name: 'read_file', arguments: '' } })
  expect(calls.slice(1).every((call) => !('id' in call) && !('name' in call.function))).toBe(true)
  expect(calls.slice(1).map((call) => call.function.arguments)).toEqual(['{"', 'path', '":"', 'a', '.', 'txt', '"}'])
})

test('usage is counted from what the turn streams; the stub counts the prompt unless it is scripted', () => {
  const item = modelTurn({ reasoning: 'Hmm, two.', text: 'Yes.' })
  const usage = (item.events.at(-1) as any).usage
  expect(usage.completion_tokens).toBe(4 + 2)
  expect(item.promptTokensFromRequest).toBe(true)
  const scripted = modelTurn({ text: 'Yes.', usage: { input: 30, cached: 24 } })
  expect((scripted.events.at(-1) as any).usage).toMatchObject({
    prompt_tokens: 30,
    completion_tokens: 2,
    prompt_cache_hit_tokens: 24,
  })
  expect(scripted.promptTokensFromRequest).toBeUndefined()
  expect(modelTurn({ text: 'x', usage: false }).promptTokensFromRequest).toBeUndefined()
})
