import { readFile, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEditFileTool } from './edit-file.ts'
import { fakeEditor } from './test-support/editor.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

const tool = createEditFileTool({ readMaxBytes: 1024 })
const contentOf = (relative: string) => readFile(path.join(workspace.cwd, relative), 'utf8')
const edit = (args: Record<string, unknown>) => tool.run(args, workspace.context())

describe('edit_file', () => {
  it('replaces the one occurrence and shows the diff at its line', async () => {
    await workspace.write('src/a.js', 'const a = 1\nconst b = 2\nconst c = 3\n')
    const file = path.join(workspace.cwd, 'src/a.js')
    expect(await edit({ path: 'src/a.js', old_string: 'b = 2', new_string: 'b = 20' })).toEqual({
      output: 'edited src/a.js (1 replacement at line 2)',
      isError: false,
      display: {
        diff: {
          path: file,
          oldText: 'const a = 1\nconst b = 2\nconst c = 3\n',
          newText: 'const a = 1\nconst b = 20\nconst c = 3\n',
        },
        locations: [{ path: file, line: 2 }],
      },
    })
    expect(await contentOf('src/a.js')).toBe('const a = 1\nconst b = 20\nconst c = 3\n')
  })

  it('fails without writing when old_string is missing, saying what to do', async () => {
    await workspace.write('a.txt', 'alpha\n')
    expect(await edit({ path: 'a.txt', old_string: 'beta', new_string: 'gamma' })).toEqual({
      output:
        'old_string was not found in "a.txt". Read the file and copy the text exactly, whitespace and line breaks ' +
        'included.',
      isError: true,
    })
    expect(await contentOf('a.txt')).toBe('alpha\n')
  })

  it('fails without writing when old_string is not unique, naming the count', async () => {
    await workspace.write('a.txt', 'x = 1\nx = 1\nx = 1\n')
    const result = await edit({ path: 'a.txt', old_string: 'x = 1', new_string: 'x = 2' })
    expect(result.isError).toBe(true)
    expect(result.output).toMatch(/^old_string occurs 3 times in "a.txt"; .*set replace_all to true/)
    expect(await contentOf('a.txt')).toBe('x = 1\nx = 1\nx = 1\n')
  })

  it('replaces every occurrence with replace_all, literally (no $ patterns)', async () => {
    await workspace.write('a.txt', 'head\nx\nx\n')
    expect(await edit({ path: 'a.txt', old_string: 'x', new_string: '$&$1', replace_all: true })).toMatchObject({
      output: 'edited a.txt (2 replacements, the first at line 2)',
      isError: false,
    })
    expect(await contentOf('a.txt')).toBe('head\n$&$1\n$&$1\n')
  })

  it('refuses an empty old_string, an identical replacement and a non-boolean replace_all', async () => {
    await workspace.write('a.txt', 'a')
    expect((await edit({ path: 'a.txt', old_string: '', new_string: 'b' })).output).toBe(
      'Invalid arguments for edit_file: "old_string" must not be empty (use write_file to create a file).',
    )
    expect((await edit({ path: 'a.txt', old_string: 'a', new_string: 'a' })).output).toMatch(/same/)
    expect((await edit({ path: 'a.txt', old_string: 'a', new_string: 'b', replace_all: 'yes' })).output).toBe(
      'Invalid arguments for edit_file: "replace_all" must be true or false.',
    )
    expect(await contentOf('a.txt')).toBe('a')
  })

  it('keeps the confinement rules of the other file tools', async () => {
    await symlink(path.join(workspace.outside, 'secret.txt'), path.join(workspace.cwd, 'link'))
    for (const requested of ['../outside/secret.txt', path.join(workspace.outside, 'secret.txt'), 'link']) {
      const result = await edit({ path: requested, old_string: 'top', new_string: 'pwned' })
      expect(result.isError, requested).toBe(true)
      expect(result.output).toMatch(/outside the working directory/)
    }
    expect(await readFile(path.join(workspace.outside, 'secret.txt'), 'utf8')).toBe('top secret\n')
    expect((await edit({ path: 'nope.txt', old_string: 'a', new_string: 'b' })).output).toBe(
      '"nope.txt" does not exist.',
    )
  })

  it('edits the editor buffer, not the disk, when the editor shares its files', async () => {
    await workspace.write('a.txt', 'saved\n')
    const file = path.join(workspace.cwd, 'a.txt')
    const editor = fakeEditor()
    editor.buffers.set(file, 'unsaved\n')
    const result = await tool.run(
      { path: 'a.txt', old_string: 'unsaved', new_string: 'edited' },
      { ...workspace.context(), client: editor.access },
    )
    expect(result).toMatchObject({ output: 'edited a.txt (1 replacement at line 1)', isError: false })
    expect(result.display?.diff).toEqual({ path: file, oldText: 'unsaved\n', newText: 'edited\n' })
    expect(editor.requests).toEqual([
      { method: 'read', path: file },
      { method: 'write', path: file, content: 'edited\n' },
    ])
  })

  it('refuses a replace_all that would grow the file past 4 MiB, naming the size (issue 43, item 16)', async () => {
    const text = 'x'.repeat(1024 * 1024)
    await workspace.write('big.txt', text)
    expect(await edit({ path: 'big.txt', old_string: 'x', new_string: 'yyyyy', replace_all: true })).toEqual({
      output:
        'replacing all 1048576 occurrences would make "big.txt" 5242880 bytes; edit_file writes files up to ' +
        '4194304 bytes, so the file is left unchanged. Replace fewer occurrences at a time, or use bash.',
      isError: true,
    })
    expect(await contentOf('big.txt')).toBe(text)
  })

  it(
    'edits a file of exactly 4 MiB and refuses one byte more, naming its size ' + '(issue 41: the limit is inclusive)',
    async () => {
      const limit = 4 * 1024 * 1024
      await workspace.write('edge.txt', `a${'x'.repeat(limit - 1)}`)
      expect(await edit({ path: 'edge.txt', old_string: 'a', new_string: 'b' })).toMatchObject({ isError: false })
      await workspace.write('over.txt', `a${'x'.repeat(limit)}`)
      expect(await edit({ path: 'over.txt', old_string: 'a', new_string: 'b' })).toEqual({
        output: '"over.txt" has 4194305 bytes; edit_file edits files up to 4194304 bytes.',
        isError: true,
      })
    },
  )

  it('refuses a file with a NUL byte as binary, on disk and in the editor buffer, leaving it unchanged', async () => {
    await workspace.write('blob.bin', 'retry: 3\n\0tail\n')
    const refusal = {
      output: '"blob.bin" looks like a binary file (it contains NUL bytes); edit_file edits text.',
      isError: true,
    }
    expect(await edit({ path: 'blob.bin', old_string: 'retry: 3', new_string: 'retry: 5' })).toEqual(refusal)
    expect(await contentOf('blob.bin')).toBe('retry: 3\n\0tail\n')
    const editor = fakeEditor()
    editor.buffers.set(path.join(workspace.cwd, 'blob.bin'), 'retry: 3\n\0unsaved\n')
    const args = { path: 'blob.bin', old_string: 'retry: 3', new_string: 'retry: 5' }
    expect(await tool.run(args, { ...workspace.context(), client: editor.access })).toEqual(refusal)
    expect(editor.requests.filter((request) => request.method === 'write')).toEqual([])
  })

  it('reads "a.txt/" as a folder, which a file is not', async () => {
    await workspace.write('a.txt', 'one\n')
    expect(await edit({ path: 'a.txt/', old_string: 'one', new_string: 'two' })).toEqual({
      output: 'Path "a.txt/" ends with "/", but "a.txt" is not a folder.',
      isError: true,
    })
    expect(await contentOf('a.txt')).toBe('one\n')
  })
})
