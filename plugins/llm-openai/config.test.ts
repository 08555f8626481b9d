import { expect, test } from 'vitest'
import { Config as DeepseekConfig } from '../llm-deepseek/index.ts'
import { adapterInfo, completionsUrl, Config, settings } from './config.ts'

const deepseek = { label: 'DeepSeek', baseUrlEnv: 'DEEPSEEK_BASE_URL', defaultBaseUrl: 'https://api.deepseek.com' }

test('the DeepSeek plugin is the deepseek preset, with its defaults', () => {
  const expected = {
    preset: 'deepseek',
    defaults: {},
    maxTokensField: 'max_tokens',
    timeoutMs: 300_000,
  }
  expect(DeepseekConfig.parse(undefined)).toEqual(expected)
  const info = adapterInfo(DeepseekConfig.parse({}), { XDG_CONFIG_HOME: '/x' })
  expect(info).toEqual({
    label: 'DeepSeek',
    models: ['deepseek-chat', 'deepseek-reasoner'],
    network: true,
    key: {
      env: 'DEEPSEEK_API_KEY',
      file: '/x/dsh/deepseek-api-key',
      fileName: 'deepseek-api-key',
      fileEnv: 'DEEPSEEK_API_KEY_FILE',
    },
    wire: { kind: 'openai-chat', baseUrlConfig: 'baseUrl', baseUrlEnv: 'DEEPSEEK_BASE_URL' },
  })
  expect(DeepseekConfig.safeParse({ preset: 'openai' }).success).toBe(false)
})

test('a preset without default models needs them listed; keyless servers take key: false', () => {
  const missing = Config.safeParse({ preset: 'openai' })
  expect(missing.error?.issues[0]).toMatchObject({
    path: ['models'],
    message: expect.stringContaining('preset openai'),
  })
  expect(Config.safeParse({ preset: 'deepseek', models: [] }).error?.issues[0]?.message).toBe(
    'list at least one model name',
  )
  const local = settings(Config.parse({ preset: 'ollama', models: ['llama3'], key: false }))
  expect(local).toMatchObject({ label: 'Ollama', models: ['llama3'], reasoningField: 'reasoning' })
  expect(local.key).toBeUndefined()
  const own = settings(
    Config.parse({ preset: 'openai', models: ['m'], label: 'Mine', key: { env: 'MY_KEY', fileName: 'mine' } }),
    { XDG_CONFIG_HOME: '/x' },
  )
  expect(own).toMatchObject({ label: 'Mine', key: { env: 'MY_KEY', file: '/x/dsh/mine' } })
})

test('config rejects unknown fields, reserved body keys and non-http URLs', () => {
  expect(Config.safeParse({ base_url: 'http://x' }).success).toBe(false)
  const reserved = Config.safeParse({ preset: 'deepseek', defaults: { stream: false } })
  expect(reserved.error?.issues[0]?.message).toContain('the adapter owns them')
  expect(Config.safeParse({ preset: 'deepseek', baseUrl: 'ftp://example.com' }).success).toBe(false)
  expect(Config.safeParse({ preset: 'deepseek', key: { env: 'not a name' } }).success).toBe(false)
})

test('base URL: config wins over the preset variable, which wins over the default', () => {
  expect(completionsUrl(deepseek, {})).toBe('https://api.deepseek.com/chat/completions')
  expect(completionsUrl(deepseek, { DEEPSEEK_BASE_URL: 'http://127.0.0.1:9/v1/' })).toBe(
    'http://127.0.0.1:9/v1/chat/completions',
  )
  expect(
    completionsUrl({ ...deepseek, baseUrl: 'http://127.0.0.1:8' }, { DEEPSEEK_BASE_URL: 'http://127.0.0.1:9' }),
  ).toBe('http://127.0.0.1:8/chat/completions')
  expect(() => completionsUrl(deepseek, { DEEPSEEK_BASE_URL: 'not a url' })).toThrow(/DEEPSEEK_BASE_URL/)
})
