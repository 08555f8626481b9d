// What the file tools keep out of: the key folder and each file in it (when it exists), the adapters'
// key files and any `…_KEY_FILE` variable's file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keyPaths } from './key-file-path.ts'

const base = mkdtempSync(join(tmpdir(), 'dsh-key-paths-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

describe('keyPaths', () => {
  it('names the key folder even when it is absent, and no file in it', () => {
    const env = { XDG_CONFIG_HOME: join(base, 'none'), OTHER_KEY_FILE: 'rel/key.txt' }
    expect(keyPaths(env, [{ file: '/keys/a.key' }, {}])).toEqual([
      join(base, 'none', 'dsh'),
      '/keys/a.key',
      resolve('rel/key.txt'),
    ])
  })

  it('names each file of a key folder that exists', () => {
    const folder = join(base, 'config', 'dsh')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'anthropic.key'), 'x')
    expect(keyPaths({ XDG_CONFIG_HOME: join(base, 'config') }, [])).toEqual([folder, join(folder, 'anthropic.key')])
  })
})
