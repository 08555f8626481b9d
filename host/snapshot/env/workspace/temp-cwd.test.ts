import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { makeTempCwd, runFolderParent, type TempCwd } from './temp-cwd.ts'

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

describe('runFolderParent', () => {
  it('honours TMPDIR, else prefers the RAM-backed /dev/shm where it exists', () => {
    expect(runFolderParent({ TMPDIR: tmpdir() })).toBe(tmpdir())
    expect(runFolderParent({})).toBe(existsSync('/dev/shm') ? '/dev/shm' : tmpdir())
  })
})
