import { mkdir, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createListDirTool } from './list-dir.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

const tool = createListDirTool({ readMaxBytes: 1024 })

describe('list_dir', () => {
  it('lists the cwd sorted by code unit, marking directories and symlinks', async () => {
    await workspace.write('b.txt', '')
    await workspace.write('B.txt', '')
    await workspace.write('.hidden', '')
    await workspace.write('src/a.ts', '')
    await symlink('b.txt', path.join(workspace.cwd, 'link'))
    expect(await tool.run({}, workspace.context())).toEqual({
      output: '.hidden\nB.txt\nb.txt\nlink@\nsrc/',
      isError: false,
      display: { locations: [{ path: workspace.cwd }] },
    })
  })

  it('lists a subdirectory and says when it is empty', async () => {
    await workspace.write('src/a.ts', '')
    await mkdir(path.join(workspace.cwd, 'empty'))
    expect(await tool.run({ path: 'src' }, workspace.context())).toMatchObject({ output: 'a.ts', isError: false })
    expect(await tool.run({ path: 'empty' }, workspace.context())).toEqual({
      output: '(empty directory)',
      isError: false,
      display: { locations: [{ path: path.join(workspace.cwd, 'empty') }] },
    })
  })

  it('is an error result for a file, a missing path, and anything outside', async () => {
    await workspace.write('a.txt', '')
    await symlink(workspace.outside, path.join(workspace.cwd, 'linkdir'))
    expect(await tool.run({ path: 'a.txt' }, workspace.context())).toEqual({
      output: '"a.txt" is not a directory; use read_file to read a file.',
      isError: true,
    })
    expect(await tool.run({ path: 'nope' }, workspace.context())).toEqual({
      output: '"nope" does not exist.',
      isError: true,
    })
    for (const requested of ['..', workspace.outside, 'linkdir']) {
      const result = await tool.run({ path: requested }, workspace.context())
      expect(result.isError, requested).toBe(true)
      expect(result.output).not.toContain('secret.txt')
    }
  })

  it('bounds a long listing', async () => {
    for (let i = 0; i < 10; i++) await workspace.write(`file-${i}.txt`, '')
    const small = createListDirTool({ readMaxBytes: 22 })
    expect(await small.run({}, workspace.context())).toMatchObject({
      output: 'file-0.txt\nfile-1.txt\n[output truncated: 87 bytes omitted]',
      isError: false,
    })
  })

  it('rejects a non-string path and titles the call', async () => {
    expect(await tool.run({ path: 3 }, workspace.context())).toEqual({
      output: 'Invalid arguments for list_dir: "path" must be a string.',
      isError: true,
    })
    expect(tool.title({})).toBe('list_dir .')
    expect(tool.title({ path: 'src' })).toBe('list_dir src')
  })
})
