import { expect, it } from 'vitest'
import { callResultText } from './call-result.ts'

it('keeps text and turns other blocks into one-line placeholders', () => {
  const text = callResultText({
    content: [
      { type: 'text', text: 'first' },
      { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      { type: 'resource', resource: { uri: 'file:///a', text: 'inline' } },
      { type: 'resource', resource: { uri: 'file:///b', blob: 'AA==' } },
      { type: 'resource_link', name: 'spec', uri: 'https://example.test/spec' },
    ],
  })
  expect(text).toBe(
    'first\n[image image/png, 3 bytes]\ninline\n[resource file:///b]\n[resource link spec: https://example.test/spec]',
  )
})

it('falls back to the structured content when there are no blocks', () => {
  expect(callResultText({ content: [], structuredContent: { n: 1 } })).toBe('{"n":1}')
  expect(callResultText({ content: [] })).toBe('')
})
