import { expect, it } from 'vitest'
import { firstInvalidUtf8, hexByte, utf8Problem } from './utf8.ts'

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))))

it('finds the first byte that breaks UTF-8, and nothing in valid text', () => {
  expect(firstInvalidUtf8(bytes('plain ascii'))).toBeUndefined()
  expect(firstInvalidUtf8(bytes('café ✓ 𝄞'))).toBeUndefined()
  expect(firstInvalidUtf8(bytes('caf', [0xe9], 'x'))).toEqual({ offset: 3, byte: 0xe9 })
  // A lone continuation byte, an overlong form, a surrogate, a sequence cut short, past U+10FFFF.
  expect(firstInvalidUtf8(bytes('ab', [0x80]))?.offset).toBe(2)
  expect(firstInvalidUtf8(bytes([0xc0, 0xaf]))?.offset).toBe(0)
  expect(firstInvalidUtf8(bytes('é', [0xed, 0xa0, 0x80]))?.offset).toBe(2)
  expect(firstInvalidUtf8(bytes('ok', [0xe2, 0x9c]))?.offset).toBe(2)
  expect(firstInvalidUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))?.offset).toBe(0)
  expect(firstInvalidUtf8(bytes('𝄞', [0xf0, 0x9d, 0x84, 0x41]))?.offset).toBe(4)
})

it('counts every bad byte and names the first with its line, as the native check decides', () => {
  expect(utf8Problem(bytes('café ✓ 𝄞\n'))).toBeUndefined()
  // "café\nnaïve" in Latin-1, then a cut-short sequence: each bad byte counts once.
  expect(utf8Problem(bytes('caf', [0xe9], '\nna', [0xef], 've\n', [0xe2, 0x9c]))).toEqual({
    invalid: 4,
    offset: 3,
    byte: 0xe9,
    line: 1,
  })
  expect(utf8Problem(bytes('a\nb\n', [0xff]))).toEqual({ invalid: 1, offset: 4, byte: 0xff, line: 3 })
  expect(hexByte(0xe9)).toBe('0xE9')
  expect(hexByte(0x7)).toBe('0x07')
})
