import { expect, test } from 'vitest'
import { WireExpressionError } from '../model-script.ts'
import { foldGeminiEvents, renderGemini } from './render.ts'
import { geminiCanonical } from './request.ts'

const events = (item: ReturnType<typeof renderGemini>) =>
  item.kind === 'sse' ? item.events.map((event) => event as Record<string, any>) : []

test('a reply streams thought parts, text parts and whole function calls; the last event finishes with usage', () => {
  const item = renderGemini(
    {
      kind: 'reply',
      value: { reasoning: 'Hm.', text: 'Hi there', toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"p":1}' }] },
    },
    { contents: [{ role: 'user', parts: [{ text: 'hello' }] }] },
  )
  const list = events(item)
  const parts = list.flatMap((event) => event.candidates[0].content.parts)
  expect(parts.filter((part) => part.thought).map((part) => part.text)).toEqual(['Hm', '.'])
  expect(parts.filter((part) => !part.thought && 'text' in part).map((part) => part.text)).toEqual(['Hi', ' there'])
  expect(parts.at(-1)).toEqual({ functionCall: { id: 'c1', name: 'read_file', args: { p: 1 } } })
  expect(list.slice(0, -1).every((event) => !event.candidates[0].finishReason && !event.usageMetadata)).toBe(true)
  expect(list.at(-1)?.candidates[0].finishReason).toBe('STOP')
  expect(list.at(-1)?.usageMetadata.promptTokenCount).toBeGreaterThan(0)
  expect(item.kind === 'sse' && item.end).toBe('close')
})

test('folded for :generateContent, an error in Google shape, and what the wire cannot say', () => {
  const item = renderGemini({ kind: 'reply', value: { text: 'one two' } }, {})
  const folded = foldGeminiEvents(item.kind === 'sse' ? item.events : []) as any
  expect(folded.candidates[0].content.parts).toEqual([{ text: 'one' }, { text: ' two' }])
  expect(renderGemini({ kind: 'httpError', value: { status: 429, message: 'slow' } }, {})).toEqual({
    kind: 'error',
    status: 429,
    body: { error: { code: 429, message: 'slow', status: 'RESOURCE_EXHAUSTED' } },
  })
  const bad = { kind: 'reply' as const, value: { toolCalls: [{ id: 'x', name: 'f', arguments: '{oops' }] } }
  expect(() => renderGemini(bad, {})).toThrow(WireExpressionError)
  expect(() => renderGemini({ kind: 'sse', value: { events: [] } }, {})).toThrow(/gemini wire/)
})

test('a request body reads as a canonical request: system, turns with calls and results, sorted tools', () => {
  const canonical = geminiCanonical({
    systemInstruction: { parts: [{ text: 'Be brief.' }] },
    contents: [
      { role: 'user', parts: [{ text: 'read a' }] },
      {
        role: 'model',
        parts: [{ text: 'x', thought: true }, { functionCall: { name: 'read', args: { b: 1, a: 2 } } }],
      },
      { role: 'user', parts: [{ functionResponse: { name: 'read', response: { output: 'A' } } }] },
    ],
    tools: [{ functionDeclarations: [{ name: 'write' }, { name: 'read' }] }],
  })
  expect(canonical).toEqual({
    system: 'Be brief.',
    messages: [
      { role: 'user', text: 'read a' },
      { role: 'assistant', toolCalls: [{ name: 'read', arguments: '{"a":2,"b":1}' }] },
      { role: 'tool', toolResults: [{ name: 'read', output: '{"output":"A"}' }] },
    ],
    tools: ['read', 'write'],
  })
})
