import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { Scratch } from './scratch.ts'
import type { Target } from './targets.ts'

const target = (absolute: string): Target => ({ absolute, path: absolute.slice(1), content: '', ownSource: false })
const options = { root: '/project', files: [], composition: { configFile: '/project/cordis.yml', patches: [] } }

describe('the scratch folder', () => {
  it('names a copy per target before any is written, then each appears whole, and goes at the end', async () => {
    const scratch = await Scratch.open([target('/project/a.ts'), target('/project/b.js')], options, false)
    const copies = Object.values(scratch.setup.copies)
    expect(Object.keys(scratch.setup.copies)).toEqual(['/project/a.ts', '/project/b.js'])
    expect(copies.every((copy) => copy.startsWith(scratch.folder) && !existsSync(copy))).toBe(true)
    await scratch.write([
      { path: 'a.ts', code: 'export const a = 1' },
      { path: 'b.js', code: 'export const b = 2' },
    ])
    expect(await readFile(copies[0]!, 'utf8')).toBe('export const a = 1')
    expect(await readFile(copies[1]!, 'utf8')).toBe('export const b = 2')
    expect((await readdir(scratch.folder)).sort()).toEqual(['0.mjs', '1.mjs'])
    await scratch.close()
    expect(existsSync(scratch.folder)).toBe(false)
  })
})
