import { describe, expect, it } from 'vitest'
import { OutputCapture, appendLine, truncateHead } from './truncate.ts'

describe('truncateHead', () => {
  it('returns short text unchanged', () => {
    expect(truncateHead(Buffer.from('hello'), 10)).toBe('hello')
  })

  it('cuts at the limit and counts the omitted bytes', () => {
    expect(truncateHead(Buffer.from('abcdefghij'), 4)).toBe('abcd\n[output truncated: 6 bytes omitted]')
  })

  it('never splits a multi-byte character', () => {
    // "é" is two bytes; a cut after 2 bytes would split it.
    expect(truncateHead(Buffer.from('aéb'), 2)).toBe('a\n[output truncated: 3 bytes omitted]')
  })

  it('counts bytes the caller did not read', () => {
    expect(truncateHead(Buffer.from('abcde'), 4, 100)).toBe('abcd\n[output truncated: 96 bytes omitted]')
  })
})

describe('appendLine', () => {
  it('adds a line break only when needed', () => {
    expect(appendLine('a', 'x')).toBe('a\nx')
    expect(appendLine('a\n', 'x')).toBe('a\nx')
  })
})

describe('OutputCapture', () => {
  const capture = (chunks: string[], max: number) => {
    const output = new OutputCapture(max)
    for (const chunk of chunks) output.push(Buffer.from(chunk))
    return output.text()
  }

  it('keeps everything up to the limit, in arrival order', () => {
    expect(capture(['ab', 'cd', 'ef'], 6)).toBe('abcdef')
  })

  it('keeps the head and the tail around a marker', () => {
    const text = capture(['0123456789', 'abcdefghij', 'ABCDEFGHIJ'], 10)
    expect(text).toBe('01234\n[output truncated: 20 bytes omitted]\nFGHIJ')
  })

  it('gives the same text however the stream is chunked', () => {
    const whole = 'line one\nline two\nline three\nline four\n'
    const oneChunk = capture([whole], 16)
    const byteChunks = capture([...whole], 16)
    expect(byteChunks).toBe(oneChunk)
    expect(oneChunk).toBe('line one\n[output truncated: 23 bytes omitted]\nne four\n')
  })

  it('finds a character split by the head cut even after the bytes that followed were dropped', () => {
    // Head keeps "a" + the first byte of "é"; the chunk holding its second byte leaves the tail.
    const text = capture(['aé', 'xxxx'], 4)
    expect(text).toBe('a\n[output truncated: 4 bytes omitted]\nxx')
  })

  it('drops a character split at either seam instead of emitting a broken one', () => {
    // 6 two-byte characters; head 3 bytes and tail 3 bytes both land mid-character.
    const text = capture(['éééééé'], 6)
    expect(text).toBe('é\n[output truncated: 8 bytes omitted]\né')
    expect(text).not.toContain('\uFFFD')
  })
})
