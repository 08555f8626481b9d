import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTargets } from './targets.ts'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-mutate-targets-'))
  await mkdir(join(root, 'plugins', 'mine'), { recursive: true })
  await writeFile(join(root, 'plugins', 'mine', 'index.ts'), 'export const x = 1\n')
  await writeFile(join(root, 'plugins', 'mine', 'index.test.ts'), '')
  await writeFile(join(root, 'plugins', 'mine', 'types.d.ts'), '')
  await writeFile(join(root, 'README.md'), '')
})
afterAll(() => rm(root, { recursive: true, force: true }))

describe('readTargets', () => {
  it("reads a project's module with its project-relative path; it is not one of dsh's own sources", async () => {
    const [target] = await readTargets([join(root, 'plugins/mine/index.ts')], root)
    expect(target).toMatchObject({ path: 'plugins/mine/index.ts', content: 'export const x = 1\n', ownSource: false })
  })

  it.each([
    ['README.md', 'not a JavaScript or TypeScript module'],
    ['plugins/mine/index.test.ts', 'tests, declaration files'],
    ['plugins/mine/types.d.ts', 'tests, declaration files'],
    ['plugins/mine', 'it is a folder'],
    ['plugins/mine/gone.ts', 'there is no such file'],
  ])('refuses %s as not a plugin source (%s)', async (file, why) => {
    const error = await readTargets([join(root, file)], root).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'not-a-plugin-source', message: expect.stringContaining(why) })
    expect((error as Error).message).toContain(file)
  })

  it('refuses a module outside the project folder', async () => {
    const error = await readTargets([join(root, 'plugins/mine/index.ts')], join(root, 'scenarios')).catch((e) => e)
    expect(error).toMatchObject({ code: 'not-a-plugin-source', message: expect.stringContaining('outside') })
  })
})
