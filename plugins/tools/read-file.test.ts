import { symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createReadFileTool } from './read-file.ts'
import { fakeEditor } from './test-support/editor.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

const tool = createReadFileTool({ readMaxBytes: 16 })

describe('read_file', () => {
  it('returns the content verbatim and its location (line 1) for the editor', async () => {
    await workspace.write('src/a.ts', 'export const a = 1\n')
    // Exactly 19 bytes would be truncated at 16, so use a roomier tool here.
    const roomy = createReadFileTool({ readMaxBytes: 1024 })
    expect(await roomy.run({ path: 'src/a.ts' }, workspace.context())).toEqual({
      output: 'export const a = 1\n',
      isError: false,
      display: { locations: [{ path: path.join(workspace.cwd, 'src/a.ts'), line: 1 }] },
    })
  })

  it('cuts a large file with a marker counting the rest', async () => {
    await workspace.write('big.txt', 'x'.repeat(100))
    expect(await tool.run({ path: 'big.txt' }, workspace.context())).toMatchObject({
      output: `${'x'.repeat(16)}\n[output truncated: 84 bytes omitted]`,
      isError: false,
    })
  })

  it('says a file is empty', async () => {
    await workspace.write('empty', '')
    expect(await tool.run({ path: 'empty' }, workspace.context())).toMatchObject({
      output: '(empty file)',
      isError: false,
    })
  })

  it("reads the editor's unsaved buffer when the editor shares its files, bounded alike", async () => {
    await workspace.write('a.txt', 'on disk\n')
    const file = path.join(workspace.cwd, 'a.txt')
    const editor = fakeEditor()
    editor.buffers.set(file, `${'y'.repeat(20)}\n`)
    expect(await tool.run({ path: 'a.txt' }, { ...workspace.context(), client: editor.access })).toEqual({
      output: `${'y'.repeat(16)}\n[output truncated: 5 bytes omitted]`,
      isError: false,
      display: { locations: [{ path: file, line: 1 }] },
    })
    expect(editor.requests).toEqual([{ method: 'read', path: file }])
  })

  it('keeps confinement and the file checks on disk before asking the editor', async () => {
    await symlink(path.join(workspace.outside, 'secret.txt'), path.join(workspace.cwd, 'link'))
    await workspace.write('dir/x', 'x')
    const editor = fakeEditor()
    const context = { ...workspace.context(), client: editor.access }
    for (const requested of ['../outside/secret.txt', 'link', 'dir', 'missing.txt']) {
      expect((await tool.run({ path: requested }, context)).isError, requested).toBe(true)
    }
    expect(editor.requests).toEqual([])
  })

  it("reports the editor's refusal as the result", async () => {
    await workspace.write('a.txt', 'x')
    const editor = fakeEditor({ refuse: 'buffer is locked' })
    expect(await tool.run({ path: 'a.txt' }, { ...workspace.context(), client: editor.access })).toEqual({
      output: 'The editor could not read "a.txt": buffer is locked',
      isError: true,
    })
  })

  it('is an error result for a missing file, a directory and a binary file', async () => {
    await workspace.write('dir/x', 'x')
    await workspace.write('blob.bin', Buffer.from([1, 0, 2]))
    expect(await tool.run({ path: 'missing.txt' }, workspace.context())).toEqual({
      output: '"missing.txt" does not exist.',
      isError: true,
    })
    expect(await tool.run({ path: 'dir' }, workspace.context())).toEqual({
      output: '"dir" is a directory; use list_dir to see its entries.',
      isError: true,
    })
    expect(await tool.run({ path: 'blob.bin' }, workspace.context())).toEqual({
      output: '"blob.bin" looks like a binary file (it contains NUL bytes); read_file shows text only.',
      isError: true,
    })
  })

  it('refuses paths outside the cwd, `..` escapes and symlink escapes', async () => {
    await symlink(path.join(workspace.outside, 'secret.txt'), path.join(workspace.cwd, 'link'))
    const outsideAbsolute = path.join(workspace.outside, 'secret.txt')
    for (const requested of [outsideAbsolute, '../outside/secret.txt', 'link']) {
      const result = await tool.run({ path: requested }, workspace.context())
      expect(result.isError, requested).toBe(true)
      expect(result.output).not.toContain('top secret')
    }
    expect((await tool.run({ path: '../outside/secret.txt' }, workspace.context())).output).toBe(
      'Path "../outside/secret.txt" is outside the working directory. Use a path relative to the working directory ' +
        '(absolute paths are accepted only inside it, and ".." must not leave it).',
    )
    expect((await tool.run({ path: 'link' }, workspace.context())).output).toBe(
      'Path "link" resolves through a symlink to a location outside the working directory; ' +
        'only files inside the working directory can be accessed.',
    )
  })

  it('names a missing or mistyped argument', async () => {
    expect(await tool.run({}, workspace.context())).toEqual({
      output: 'Invalid arguments for read_file: "path" is required.',
      isError: true,
    })
    expect(await tool.run({ path: 1 }, workspace.context())).toEqual({
      output: 'Invalid arguments for read_file: "path" must be a string.',
      isError: true,
    })
    expect(await tool.run(null as never, workspace.context())).toEqual({
      output: 'Invalid arguments for read_file: the arguments must be a JSON object.',
      isError: true,
    })
  })

  it('titles the call with the path', () => {
    expect(tool.title({ path: 'src/a.ts' })).toBe('read_file src/a.ts')
    expect(tool.title({})).toBe('read_file')
  })
})
