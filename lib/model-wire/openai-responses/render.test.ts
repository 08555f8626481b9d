import { expect, test } from 'vitest'
import { renderOpenAiResponses } from './render.ts'
import { responsesCanonical } from './request.ts'

const parse = (event: unknown) => {
  const [head = '', data = ''] = String(event).split('\n')
  return { name: head.slice('event: '.length), data: JSON.parse(data.slice('data: '.length)) }
}

test('a reply is created, its items added, streamed and done, then completed with the whole output', () => {
  const item = renderOpenAiResponses(
    { kind: 'reply', value: { text: 'Hi you', toolCalls: [{ id: 'call_1', name: 'shell', arguments: '{"c":1}' }] } },
    { input: 'hello' },
  )
  const events = item.kind === 'sse' ? item.events.map(parse) : []
  expect(events[0]?.name).toBe('response.created')
  expect(events.every((event) => event.name === event.data.type)).toBe(true)
  expect(events.map((event) => event.data.sequence_number)).toEqual(events.map((_, index) => index))
  const text = events.filter((e) => e.name === 'response.output_text.delta').map((e) => e.data.delta)
  expect(text).toEqual(['Hi', ' you'])
  const last = events.at(-1)!
  expect(last.name).toBe('response.completed')
  expect(last.data.response.output.map((o: any) => o.type)).toEqual(['message', 'function_call'])
  expect(last.data.response.output[1]).toMatchObject({ call_id: 'call_1', name: 'shell', arguments: '{"c":1}' })
  expect(last.data.response.usage.input_tokens).toBeGreaterThan(0)
})

test('a length finish is an incomplete response; a request reads as canonical', () => {
  const item = renderOpenAiResponses({ kind: 'reply', value: { text: 'x', finishReason: 'length' } }, {})
  const last = parse(item.kind === 'sse' ? item.events.at(-1) : '')
  expect(last.name).toBe('response.incomplete')
  expect(last.data.response.incomplete_details).toEqual({ reason: 'max_output_tokens' })
  expect(
    responsesCanonical({
      instructions: 'sys',
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'q' }] },
        { type: 'function_call', name: 'shell', arguments: '{"b":1,"a":2}', call_id: 'x' },
        { type: 'function_call_output', call_id: 'x', output: 'ok' },
      ],
      tools: [{ type: 'function', name: 'shell' }],
    }),
  ).toEqual({
    system: 'sys',
    messages: [
      { role: 'user', text: 'q' },
      { role: 'assistant', toolCalls: [{ name: 'shell', arguments: '{"a":2,"b":1}' }] },
      { role: 'tool', toolResults: [{ output: 'ok' }] },
    ],
    tools: ['shell'],
  })
})
