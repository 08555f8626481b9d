import { stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { makeTempCwd, type TempCwd } from './temp-cwd.ts'

let scratch: TempCwd

beforeEach(async () => {
  scratch = await makeTempCwd('workspace-test')
})
afterEach(async () => {
  await scratch.cleanup()
})

describe('makeTempCwd', () => {
  it('creates a fresh labelled directory and removes it on cleanup', async () => {
    const cwd = await makeTempCwd('Text Turn/../x', scratch.path)
    expect(cwd.path.startsWith(join(scratch.path, 'dsh-text-turn-x-'))).toBe(true)
    expect((await stat(cwd.path)).isDirectory()).toBe(true)
    expect(cwd.aliases).toContain(cwd.path)
    expect(cwd.aliases).toContain(cwd.realPath)
    await cwd.cleanup()
    await cwd.cleanup()
    await expect(stat(cwd.path)).rejects.toThrow(/ENOENT/)
  })
})

describe('where run folders go', () => {
  it('honours TMPDIR, else prefers the RAM-backed /dev/shm where it exists', async () => {
    const parentOf = async () => {
      const made = await makeTempCwd('parent')
      await made.cleanup()
      return dirname(made.path)
    }
    vi.stubEnv('TMPDIR', tmpdir())
    expect(await parentOf()).toBe(tmpdir())
    vi.stubEnv('TMPDIR', undefined)
    expect(await parentOf()).toBe(existsSync('/dev/shm') ? '/dev/shm' : tmpdir())
  })
})
