import { expect, test } from 'vitest'
import { httpError as httpErrorFor } from './http-errors.ts'
import { redactSecrets } from './redact.ts'

const DEEPSEEK = { label: 'DeepSeek', keyEnv: 'DEEPSEEK_API_KEY', baseUrlEnv: 'DEEPSEEK_BASE_URL' }
const httpError = (status: number, body: string, key?: string) => httpErrorFor(status, body, DEEPSEEK, key)

test('status codes map to stable error codes', () => {
  const codes = [400, 401, 402, 404, 422, 429, 500, 502, 503].map((status) => [status, httpError(status, '').code])
  expect(codes).toEqual([
    [400, 'BAD_REQUEST'],
    [401, 'AUTH'],
    [402, 'INSUFFICIENT_BALANCE'],
    [404, 'HTTP_ERROR'],
    [422, 'INVALID_PARAMS'],
    [429, 'RATE_LIMIT'],
    [500, 'SERVER'],
    [502, 'SERVER'],
    [503, 'SERVER'],
  ])
})

test('the provider message, type and code are quoted with a next step', () => {
  const error = httpError(
    402,
    JSON.stringify({
      error: { message: 'Insufficient Balance', type: 'unknown_error', code: 'invalid_request_error' },
    }),
  )
  expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', status: 402 })
  expect(error.message).toBe(
    'DeepSeek answered HTTP 402 INSUFFICIENT_BALANCE: Insufficient Balance (unknown_error/invalid_request_error); ' +
      'top up the DeepSeek account balance',
  )
})

test('a non-JSON or empty body is previewed', () => {
  expect(httpError(502, '<html>Bad Gateway</html>').message).toContain('"<html>Bad Gateway</html>"')
  expect(httpError(500, '').message).toContain('empty body')
  expect(httpError(429, 'x'.repeat(500)).message.length).toBeLessThan(400)
})

test('the key is redacted from quoted bodies, in full or as a masked mention', () => {
  const key = 'sk-abcdef0123456789'
  expect(httpError(400, JSON.stringify({ error: { message: `bad header Bearer ${key}` } }), key).message).not.toContain(
    key,
  )
  expect(redactSecrets('Authentication Fails, Your api key: ****6789 is invalid')).toBe(
    'Authentication Fails, Your api key: [redacted] is invalid',
  )
  expect(redactSecrets('set API_KEY=sk-live-1 now')).toBe('set API_KEY=[redacted] now')
  expect(redactSecrets('DEEPSEEK_API_KEY is not set')).toBe('DEEPSEEK_API_KEY is not set')
})

test('a keyless endpoint and another provider are named as they are', () => {
  const local = { label: 'vLLM', baseUrlEnv: 'VLLM_BASE_URL' }
  expect(httpErrorFor(401, '', local).message).toBe('vLLM answered HTTP 401 AUTH: empty body; the endpoint wants a key')
  expect(httpErrorFor(404, '', local).message).toContain('check baseUrl (or VLLM_BASE_URL)')
  expect(httpErrorFor(503, '', { label: 'OpenAI', keyEnv: 'OPENAI_API_KEY' }).message).toContain(
    'OpenAI had a server-side problem',
  )
})
