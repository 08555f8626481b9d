// Its own process (*.isolated.test.ts): holding a key is module state no test can undo.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { describeKey, holdKeys, keyFileWarnings, keyProblem, readKey } from './keys.ts'
import type { LlmError } from './types.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-keys-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const spec = { env: 'MY_API_KEY', fileName: 'my-api-key', fileEnv: 'MY_API_KEY_FILE' }

function keyFile(text: string, mode = 0o600): string {
  const file = path.join(dir, 'dsh', 'my-api-key')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  chmodSync(file, mode)
  return file
}

describe('an adapter key', () => {
  test('lives in the variable, else in the file the file variable names, else in the key folder', () => {
    expect(describeKey(spec, { XDG_CONFIG_HOME: '/x' })).toEqual({
      env: 'MY_API_KEY',
      file: '/x/dsh/my-api-key',
      fileName: 'my-api-key',
      fileEnv: 'MY_API_KEY_FILE',
    })
    expect(describeKey(spec, { MY_API_KEY_FILE: '/k/key' }).file).toBe('/k/key')
    expect(describeKey({ env: 'E' }, {})).toEqual({ env: 'E' })
  })

  test('is read from the variable, trimmed, else from the first line of its file', () => {
    const file = keyFile('sk-from-file\nignored\n')
    const key = describeKey(spec, { XDG_CONFIG_HOME: dir })
    expect(key.file).toBe(file)
    expect(readKey(key, { MY_API_KEY: ' sk-env\n' })).toBe('sk-env')
    expect(readKey(key, {})).toBe('sk-from-file')
  })

  test('missing, blank or malformed: a named error that names the variable and file, never the key', () => {
    const key = describeKey(spec, { XDG_CONFIG_HOME: dir })
    const missing = failure(() => readKey(key, {}))
    expect(missing).toMatchObject({ code: 'NO_API_KEY' })
    expect(missing.message).toContain('MY_API_KEY is not set')
    expect(missing.message).toContain(path.join(dir, 'dsh', 'my-api-key'))
    const bad = failure(() => readKey(key, { MY_API_KEY: 'sk-secret with-space' }))
    expect(bad.code).toBe('BAD_API_KEY')
    expect(bad.message).not.toContain('sk-secret')
    expect(keyProblem(key, {})).toContain('MY_API_KEY is not set')
    expect(keyProblem(key, { MY_API_KEY: 'ok' })).toBeUndefined()
  })

  test('a FIFO in place of the key file is not read (it would block)', () => {
    mkdirSync(path.join(dir, 'dsh'))
    execFileSync('mkfifo', [path.join(dir, 'dsh', 'my-api-key')])
    expect(keyProblem(describeKey(spec, { XDG_CONFIG_HOME: dir }), {})).toContain('is not set')
  })

  test('a key file others may read, or a file variable naming nothing, is warned about', () => {
    keyFile('sk-x', 0o644)
    expect(keyFileWarnings(describeKey(spec, { XDG_CONFIG_HOME: dir }))).toEqual([
      expect.stringContaining('may be read by other users (mode 644); chmod 600 it'),
    ])
    const env = { MY_API_KEY_FILE: path.join(dir, 'none') }
    expect(keyFileWarnings(describeKey(spec, env), env)).toEqual([expect.stringContaining('which does not exist')])
  })

  test('serve moves the variable out of the environment; the adapter still reads it; a later export wins', () => {
    const env: NodeJS.ProcessEnv = { MY_API_KEY: 'sk-held', OTHER: 'x' }
    expect(holdKeys(['MY_API_KEY', 'MY_API_KEY', 'ABSENT'], env)).toEqual(['MY_API_KEY'])
    expect(env).toEqual({ OTHER: 'x' })
    expect(readKey({ env: 'MY_API_KEY' }, env)).toBe('sk-held')
    expect(readKey({ env: 'MY_API_KEY' }, { MY_API_KEY: 'sk-later' })).toBe('sk-later')
  })
})

function failure(run: () => unknown): LlmError {
  try {
    run()
  } catch (error) {
    return error as LlmError
  }
  throw new Error('expected a throw')
}
