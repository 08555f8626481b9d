import { expect, it } from 'vitest'
import { invalidUtf8Refusal } from './utf8-check.ts'

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
