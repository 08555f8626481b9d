import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { keyFilePath } from '../../lib/key-file-path.ts'
import { loadKeyFile } from './key-file.ts'

let dir: string
let warnings: string[]
const warn = (line: string) => warnings.push(line)
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-key-file-'))
  warnings = []
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function keyFile(text: string, mode = 0o600): string {
  const file = path.join(dir, 'dsh', 'deepseek-api-key')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  chmodSync(file, mode)
  return file
}

describe('the key file', () => {
  test('is DEEPSEEK_API_KEY_FILE, else under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(keyFilePath({ DEEPSEEK_API_KEY_FILE: '/k/key', XDG_CONFIG_HOME: '/x' })).toBe('/k/key')
    expect(keyFilePath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/dsh/deepseek-api-key')
    expect(keyFilePath({})).toMatch(/\/\.config\/dsh\/deepseek-api-key$/)
  })

  test('gives its first line as the key when the environment has none', () => {
    keyFile('sk-file\nignored\n')
    const env: NodeJS.ProcessEnv = { XDG_CONFIG_HOME: dir }
    expect(loadKeyFile({ env, warn })).toBe('loaded')
    expect(env.DEEPSEEK_API_KEY).toBe('sk-file')
    expect(warnings).toEqual([])
  })

  test('is not read when the environment has a key', () => {
    keyFile('sk-file\n')
    const env: NodeJS.ProcessEnv = { XDG_CONFIG_HOME: dir, DEEPSEEK_API_KEY: 'sk-env' }
    expect(loadKeyFile({ env, warn })).toBe('from-environment')
    expect(env.DEEPSEEK_API_KEY).toBe('sk-env')
  })

  test('warns when others may read it, when it is empty, and when DEEPSEEK_API_KEY_FILE names nothing', () => {
    const file = keyFile('sk-file\n', 0o644)
    expect(loadKeyFile({ env: { XDG_CONFIG_HOME: dir }, warn })).toBe('loaded')
    keyFile('\n')
    expect(loadKeyFile({ env: { XDG_CONFIG_HOME: dir }, warn })).toBe('no-file')
    const missing = path.join(dir, 'missing')
    expect(loadKeyFile({ env: { DEEPSEEK_API_KEY_FILE: missing }, warn })).toBe('no-file')
    expect(loadKeyFile({ env: { XDG_CONFIG_HOME: path.join(dir, 'none') }, warn })).toBe('no-file')
    expect(warnings).toEqual([
      `dsh: warning: key file ${file} may be read by other users (mode 644); chmod 600 it`,
      `dsh: warning: key file ${file} is empty`,
      `dsh: warning: DEEPSEEK_API_KEY_FILE names ${missing}, which does not exist`,
    ])
  })
})
