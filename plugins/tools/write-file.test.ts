import { readFile, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'
import { fakeEditor } from './test-support/editor.ts'
import { createWriteFileTool } from './write-file.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

const tool = createWriteFileTool({ readMaxBytes: 64 })
const contentOf = (relative: string) => readFile(path.join(workspace.cwd, relative), 'utf8')

describe('write_file', () => {
  it('creates a file and its parent directories, showing a diff from nothing', async () => {
    const file = path.join(workspace.cwd, 'a/b/c.txt')
    expect(await tool.run({ path: 'a/b/c.txt', content: 'héllo\n' }, workspace.context())).toEqual({
      output: 'created a/b/c.txt (7 bytes)',
      isError: false,
      display: { diff: { path: file, oldText: null, newText: 'héllo\n' }, locations: [{ path: file, line: 1 }] },
    })
    expect(await contentOf('a/b/c.txt')).toBe('héllo\n')
  })

  it('replaces an existing file, showing the old text and the first changed line', async () => {
    await workspace.write('x.txt', 'one\ntwo\nthree\n')
    const file = path.join(workspace.cwd, 'x.txt')
    expect(await tool.run({ path: 'x.txt', content: 'one\n2\nthree\n' }, workspace.context())).toEqual({
      output: 'updated x.txt (12 bytes)',
      isError: false,
      display: {
        diff: { path: file, oldText: 'one\ntwo\nthree\n', newText: 'one\n2\nthree\n' },
        locations: [{ path: file, line: 2 }],
      },
    })
    expect(await contentOf('x.txt')).toBe('one\n2\nthree\n')
  })

  it('leaves the diff out beyond readMaxBytes (and for binary text), keeping the location', async () => {
    const file = path.join(workspace.cwd, 'big.txt')
    await workspace.write('big.txt', 'x'.repeat(65))
    expect((await tool.run({ path: 'big.txt', content: 'small' }, workspace.context())).display).toEqual({
      locations: [{ path: file, line: 1 }],
    })
    await workspace.write('bin.dat', Buffer.from([1, 0, 2]))
    expect((await tool.run({ path: 'bin.dat', content: 'text' }, workspace.context())).display?.diff).toBeUndefined()
    expect((await tool.run({ path: 'new.txt', content: 'y'.repeat(65) }, workspace.context())).display?.diff).toBe(
      undefined,
    )
  })

  it('reports the path under the cwd as the client gave it, not its realpath', async () => {
    await workspace.write('real.txt', 'old')
    await symlink('real.txt', path.join(workspace.cwd, 'alias'))
    const result = await tool.run({ path: 'alias', content: 'new' }, workspace.context())
    expect(result.display?.diff?.path).toBe(path.join(workspace.cwd, 'alias'))
  })

  it('writes through the editor, diffing against its buffer; a refused read only leaves the diff out', async () => {
    await workspace.write('a.txt', 'disk\n')
    const file = path.join(workspace.cwd, 'a.txt')
    const editor = fakeEditor()
    editor.buffers.set(file, 'buffer\n')
    const result = await tool.run(
      { path: 'a.txt', content: 'new\n' },
      { ...workspace.context(), client: editor.access },
    )
    expect(result.display?.diff).toEqual({ path: file, oldText: 'buffer\n', newText: 'new\n' })
    expect(editor.requests.map((r) => r.method)).toEqual(['read', 'write'])
    const blind = fakeEditor({ refuseReads: 'no reads today' })
    expect(
      await tool.run({ path: 'a.txt', content: 'newer\n' }, { ...workspace.context(), client: blind.access }),
    ).toEqual({
      output: 'updated a.txt (6 bytes)',
      isError: false,
      display: { locations: [{ path: file, line: 1 }] },
    })
    expect(await contentOf('a.txt')).toBe('newer\n')
    const refusing = fakeEditor({ refuse: 'read-only buffer' })
    expect(
      await tool.run({ path: 'a.txt', content: 'x' }, { ...workspace.context(), client: refusing.access }),
    ).toEqual({
      output: 'The editor could not write "a.txt": read-only buffer',
      isError: true,
    })
  })

  it('refuses paths outside the cwd and `..` escapes without writing', async () => {
    for (const requested of [
      path.join(workspace.outside, 'new.txt'),
      '../outside/new.txt',
      'a/../../outside/new.txt',
    ]) {
      const result = await tool.run({ path: requested, content: 'pwned' }, workspace.context())
      expect(result.isError, requested).toBe(true)
      expect(result.output).toMatch(/is outside the working directory/)
    }
    await expect(readFile(path.join(workspace.outside, 'new.txt'))).rejects.toThrow()
  })

  it('refuses to write through symlinks that lead outside', async () => {
    await symlink(path.join(workspace.outside, 'secret.txt'), path.join(workspace.cwd, 'link'))
    await symlink(workspace.outside, path.join(workspace.cwd, 'linkdir'))
    await symlink(path.join(workspace.outside, 'fresh.txt'), path.join(workspace.cwd, 'dangling'))
    for (const requested of ['link', 'linkdir/new.txt', 'linkdir/deep/new.txt', 'dangling']) {
      const result = await tool.run({ path: requested, content: 'pwned' }, workspace.context())
      expect(result.isError, requested).toBe(true)
    }
    expect(await readFile(path.join(workspace.outside, 'secret.txt'), 'utf8')).toBe('top secret\n')
    await expect(readFile(path.join(workspace.outside, 'new.txt'))).rejects.toThrow()
    await expect(readFile(path.join(workspace.outside, 'deep'))).rejects.toThrow()
    await expect(readFile(path.join(workspace.outside, 'fresh.txt'))).rejects.toThrow()
  })

  it('writes through a symlink that stays inside', async () => {
    await workspace.write('real.txt', 'old')
    await symlink('real.txt', path.join(workspace.cwd, 'alias'))
    expect(await tool.run({ path: 'alias', content: 'new' }, workspace.context())).toMatchObject({
      output: 'updated alias (3 bytes)',
      isError: false,
    })
    expect(await contentOf('real.txt')).toBe('new')
  })

  it('refuses a directory as the target', async () => {
    await workspace.write('dir/x', 'x')
    expect(await tool.run({ path: 'dir', content: 'x' }, workspace.context())).toEqual({
      output: '"dir" is a directory; write_file needs a file path.',
      isError: true,
    })
  })

  it('refuses a path ending in "/" instead of writing a file by the folder\'s name (issue 43, item 23)', async () => {
    for (const requested of ['dir/', 'dir/.'])
      expect(await tool.run({ path: requested, content: 'x' }, workspace.context())).toEqual({
        output:
          `Path "${requested}" ends with "/", so it names a folder; ` +
          `a write needs a file path, e.g. "${requested}name.txt".`,
        isError: true,
      })
    await expect(readFile(path.join(workspace.cwd, 'dir'))).rejects.toThrow(/ENOENT/)
  })

  it('names missing arguments', async () => {
    expect(await tool.run({ path: 'a.txt' }, workspace.context())).toEqual({
      output: 'Invalid arguments for write_file: "content" is required.',
      isError: true,
    })
    expect(await tool.run({}, workspace.context())).toEqual({
      output: 'Invalid arguments for write_file: "path" is required; "content" is required.',
      isError: true,
    })
  })

  it('titles the call with the path', () => {
    expect(tool.title({ path: 'src/a.ts', content: '' })).toBe('write_file src/a.ts')
  })
})
