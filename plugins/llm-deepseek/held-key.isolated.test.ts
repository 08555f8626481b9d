// Its own process (*.isolated.test.ts): holding a key is module state no test can undo, and a
// readApiKey test sharing the worker would then find the key this one held.
import { expect, test } from 'vitest'
import { readApiKey } from './config.ts'
import { heldApiKey, holdApiKey } from './held-key.ts'

test('serve moves the key out of the environment; the adapter still reads it; a key set later wins', () => {
  const env: NodeJS.ProcessEnv = { DEEPSEEK_API_KEY: 'sk-held', OTHER: 'x' }
  expect(holdApiKey(env)).toBe(true)
  expect(env).toEqual({ OTHER: 'x' })
  expect(heldApiKey()).toBe('sk-held')
  expect(readApiKey(env)).toBe('sk-held')
  expect(readApiKey({ DEEPSEEK_API_KEY: 'sk-later' })).toBe('sk-later')
  expect(holdApiKey({})).toBe(false)
  expect(heldApiKey()).toBe('sk-held')
})
