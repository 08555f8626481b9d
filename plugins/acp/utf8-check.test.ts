import { expect, it } from 'vitest'
import { firstInvalidUtf8, invalidUtf8Refusal } from './utf8-check.ts'

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))))

it('finds the first byte that breaks UTF-8, and nothing in valid text', () => {
  expect(firstInvalidUtf8(bytes('plain ascii'))).toBeUndefined()
  expect(firstInvalidUtf8(bytes('café ✓ 𝄞'))).toBeUndefined()
  expect(firstInvalidUtf8(bytes('caf', [0xe9], 'x'))).toBe(3)
  // A lone continuation byte, an overlong form, a surrogate, a sequence cut short.
  expect(firstInvalidUtf8(bytes('ab', [0x80]))).toBe(2)
  expect(firstInvalidUtf8(bytes([0xc0, 0xaf]))).toBe(0)
  expect(firstInvalidUtf8(bytes('é', [0xed, 0xa0, 0x80]))).toBe(2)
  expect(firstInvalidUtf8(bytes('ok', [0xe2, 0x9c]))).toBe(2)
  expect(firstInvalidUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(0)
})

it('answers a request, stands in for a response, and only reports a notification', () => {
  const request = invalidUtf8Refusal(
    { bytes: 9, id: 3, hasId: true, method: 'session/prompt', answers: false },
    7,
    0xe9,
  )
  expect(JSON.parse(request.toPeer!)).toEqual({
    jsonrpc: '2.0',
    id: 3,
    error: {
      code: -32700,
      message: expect.stringMatching(/^"session\/prompt" request \(id 3\) refused: byte 7 is not valid UTF-8 \(0xe9\)/),
      data: { reason: 'invalid-utf8', offset: 7 },
    },
  })
  const response = invalidUtf8Refusal({ bytes: 9, id: 0, hasId: true, answers: true }, 1, 0xff)
  expect(response.toPeer).toBeUndefined()
  expect(JSON.parse(response.toSelf!).error.message).toMatch(/^the client's response \(id 0\) refused: byte 1/)
  const notification = invalidUtf8Refusal(
    { bytes: 9, id: null, hasId: false, method: 'session/cancel', answers: false },
    1,
    0xff,
  )
  expect(notification).toEqual({ warning: expect.stringContaining('"session/cancel" notification refused') })
})
