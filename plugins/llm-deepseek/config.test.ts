import { expect, test } from 'vitest'
import type { LlmError } from '../llm/types.ts'
import { Config, completionsUrl, readApiKey } from './config.ts'

test('an empty or missing config gets the defaults', () => {
  const expected = { models: ['deepseek-chat', 'deepseek-reasoner'], defaults: {}, timeoutMs: 300_000 }
  expect(Config.parse(undefined)).toEqual(expected)
  expect(Config.parse({})).toEqual(expected)
})

test('config rejects unknown fields, reserved body keys and non-http URLs', () => {
  expect(Config.safeParse({ base_url: 'http://x' }).success).toBe(false)
  const reserved = Config.safeParse({ defaults: { stream: false } })
  expect(reserved.success).toBe(false)
  expect(reserved.error?.issues[0].message).toContain('the adapter owns them')
  expect(Config.safeParse({ baseUrl: 'ftp://example.com' }).success).toBe(false)
  expect(Config.safeParse({ models: [] }).success).toBe(false)
})

test('base URL: config wins over DEEPSEEK_BASE_URL, which wins over the default', () => {
  expect(completionsUrl({}, {})).toBe('https://api.deepseek.com/chat/completions')
  expect(completionsUrl({}, { DEEPSEEK_BASE_URL: 'http://127.0.0.1:9/v1/' })).toBe(
    'http://127.0.0.1:9/v1/chat/completions',
  )
  expect(completionsUrl({ baseUrl: 'http://127.0.0.1:8' }, { DEEPSEEK_BASE_URL: 'http://127.0.0.1:9' })).toBe(
    'http://127.0.0.1:8/chat/completions',
  )
  expect(() => completionsUrl({}, { DEEPSEEK_BASE_URL: 'not a url' })).toThrow(/DEEPSEEK_BASE_URL/)
})

test('the key is read from the environment, trimmed, and never echoed', () => {
  expect(readApiKey({ DEEPSEEK_API_KEY: ' sk-123\n' })).toBe('sk-123')
  const missing = catchError(() => readApiKey({}))
  expect(missing).toMatchObject({ code: 'NO_API_KEY', message: expect.stringContaining('DEEPSEEK_API_KEY is not set') })
  const bad = catchError(() => readApiKey({ DEEPSEEK_API_KEY: 'sk-secret with-space' }))
  expect(bad.code).toBe('BAD_API_KEY')
  expect(bad.message).not.toContain('sk-secret')
})

function catchError(run: () => unknown): LlmError {
  try {
    run()
  } catch (error) {
    return error as LlmError
  }
  throw new Error('expected a throw')
}
