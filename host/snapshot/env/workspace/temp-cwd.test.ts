import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
