import { describe, expect, it } from 'vitest'
import { countRequestTokens, countTokens, cutTokens } from './token-cut.ts'

const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length

describe('cutTokens', () => {
  it('cuts words with their leading space, punctuation apart', () => {
    expect(cutTokens('Hello there, nice to meet you!')).toEqual([
      'Hello',
      ' there',
      ',',
      ' nice',
      ' to',
      ' meet',
      ' you',
      '!',
    ])
  })

  it('gives each CJK character and each emoji (even a ZWJ sequence) a piece of its own', () => {
    expect(cutTokens('你好，世界')).toEqual(['你', '好', '，', '世', '界'])
    expect(cutTokens('ok 👍🏽 and 👩‍💻')).toEqual(['ok', ' 👍🏽', ' and', ' 👩‍💻'])
  })

  it('cuts a long word into subword pieces of varied size, and keeps newline runs together', () => {
    expect(cutTokens('internationalization\n\nend')).toEqual(['intern', 'atio', 'naliz', 'ati', 'on', '\n\n', 'end'])
  })

  it('property: pieces join back to the text, each 1–6 characters; the same text cuts the same way', () => {
    const samples = [
      '{"path":"src/a b.txt","n":[1,2,3]}',
      '  two  spaces\tand\ttabs  ',
      'astral 𝒜𝒷𝒸 𠀀𠀁 and e\u0301 combining',
      'Ünïcödé wörds, ½ fractions — dashes… “quotes”',
      '한국어 텍스트 and カタカナ',
      '',
    ]
    for (const text of samples) {
      const pieces = cutTokens(text)
      expect(pieces.join('')).toBe(text)
      for (const piece of pieces) expect(graphemes(piece)).toBeGreaterThanOrEqual(1)
      for (const piece of pieces) expect(graphemes(piece)).toBeLessThanOrEqual(6)
      expect(cutTokens(text)).toEqual(pieces)
      expect(countTokens(text)).toBe(pieces.length)
    }
  })
})

describe('countRequestTokens', () => {
  it('counts message text, tool calls and tool schemas of a chat completion request, never tool output', () => {
    const body = {
      model: 'deepseek-chat',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ function: { name: 'bash', arguments: '{"command":"ls"}' } }],
        },
        { role: 'tool', tool_call_id: 'c', content: 'a.txt' },
      ],
      tools: [{ type: 'function', function: { name: 'bash' } }],
    }
    const expected =
      countTokens('Be brief.') +
      countTokens('bash') +
      countTokens('{"command":"ls"}') +
      countTokens(JSON.stringify(body.tools))
    expect(countRequestTokens(body)).toBe(expected)
    // A longer tool output leaves the count as it was.
    const longer = { ...body, messages: [...body.messages.slice(0, 2), { role: 'tool', content: 'a.txt b.txt c.txt' }] }
    expect(countRequestTokens(longer)).toBe(expected)
    expect(countRequestTokens(undefined)).toBe(0)
  })
})
