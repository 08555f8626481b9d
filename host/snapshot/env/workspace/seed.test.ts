import { chmod, lstat, mkdir, readFile, readlink, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildTree as build } from './build-tree.test-support.ts'
import { seedWorkspace } from './seed.ts'
import { makeTempCwd, type TempCwd } from './temp-cwd.ts'
import { snapshotTree } from './tree.ts'

let scratch: TempCwd

beforeEach(async () => {
  scratch = await makeTempCwd('workspace-test')
})
afterEach(async () => {
  await scratch.cleanup()
})

describe('seedWorkspace', () => {
  it('copies files, keeps symlinks and empty directories, drops .empty markers', async () => {
    const scenario = join(scratch.path, 'scenario')
    await build(join(scenario, 'workspace'), {
      'src/a.txt': 'hello\n',
      'src/run.sh': '#!/bin/sh\n',
      'link-to-a': { link: 'src/a.txt' },
      'abs-link': { link: '{{cwd}}/src/a.txt' },
      'empty/.empty': '',
    })
    await chmod(join(scenario, 'workspace', 'src', 'run.sh'), 0o755)
    const cwd = join(scratch.path, 'cwd')
    await mkdir(cwd)
    expect(await seedWorkspace(scenario, cwd)).toBe(true)
    expect(await readFile(join(cwd, 'src/a.txt'), 'utf8')).toBe('hello\n')
    expect((await lstat(join(cwd, 'link-to-a'))).isSymbolicLink()).toBe(true)
    expect(await readlink(join(cwd, 'link-to-a'))).toBe('src/a.txt')
    expect(await readlink(join(cwd, 'abs-link'))).toBe(`${cwd}/src/a.txt`)
    expect((await stat(join(cwd, 'src/run.sh'))).mode & 0o111).not.toBe(0)
    const tree = snapshotTree(cwd)
    expect(tree.map((e) => `${e.type} ${e.path}`)).toEqual([
      'symlink abs-link',
      'dir empty',
      'symlink link-to-a',
      'dir src',
      'file src/a.txt',
      'file src/run.sh',
    ])
    expect(tree.find((e) => e.path === 'empty')).toEqual({ path: 'empty', type: 'dir', empty: true })
  })

  it('does nothing without a workspace folder', async () => {
    expect(await seedWorkspace(join(scratch.path, 'no-scenario'), scratch.path)).toBe(false)
  })
})

describe('snapshotTree', () => {
  it('describes files by size, sha256 and executable bit', async () => {
    const dir = await build(join(scratch.path, 't'), { 'a.txt': 'abc' })
    const [file] = snapshotTree(dir)
    expect(file).toMatchObject({
      path: 'a.txt',
      type: 'file',
      size: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      executable: false,
    })
  })
})
