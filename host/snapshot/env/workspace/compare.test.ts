import { spawnSync } from 'node:child_process'
import { chmod } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildTree as build } from './build-tree.test-support.ts'
import { compareWorkspace, workspaceFailure } from './compare.ts'
import { makeTempCwd, type TempCwd } from './temp-cwd.ts'

let scratch: TempCwd

beforeEach(async () => {
  scratch = await makeTempCwd('workspace-test')
})
afterEach(async () => {
  await scratch.cleanup()
})

describe('compareWorkspace', () => {
  it('finds no difference between equal trees, treating .empty as an empty directory', async () => {
    const expected = await build(join(scratch.path, 'expected'), {
      'a.txt': 'x\n',
      'out/.empty': '',
      l: { link: 'a.txt' },
    })
    const actual = await build(join(scratch.path, 'actual'), { 'a.txt': 'x\n', out: null, l: { link: 'a.txt' } })
    expect(compareWorkspace(actual, expected)).toEqual([])
  })

  it('reports each kind of difference at the topmost differing path', async () => {
    const expected = await build(join(scratch.path, 'expected'), {
      'changed.txt': 'one\ntwo\nthree\n',
      'gone/deep/file.txt': 'x',
      'kept-empty/.empty': '',
      link: { link: 'changed.txt' },
      'was-file': 'f',
      'script.sh': 'echo\n',
      'blob.bin': '\u0000\u0001',
    })
    const actual = await build(join(scratch.path, 'actual'), {
      'changed.txt': 'one\nTWO\nthree\n',
      'kept-empty/surprise.txt': 'y',
      'new-dir/inner.txt': 'z',
      link: { link: 'other.txt' },
      'was-file/child.txt': 'c',
      'script.sh': 'echo\n',
      'blob.bin': '\u0000\u0002\u0003',
    })
    await chmod(join(actual, 'script.sh'), 0o755)
    const differences = compareWorkspace(actual, expected)
    expect(differences).toEqual([
      { kind: 'content', path: 'blob.bin', detail: 'binary content differs: expected 2 bytes, actual 3 bytes' },
      { kind: 'content', path: 'changed.txt', detail: '@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three' },
      { kind: 'missing', path: 'gone', expected: 'dir' },
      { kind: 'extra', path: 'kept-empty/surprise.txt', actual: 'file' },
      { kind: 'symlink-target', path: 'link', expected: 'changed.txt', actual: 'other.txt' },
      { kind: 'extra', path: 'new-dir', actual: 'dir' },
      { kind: 'mode', path: 'script.sh', expectedExecutable: false },
      { kind: 'type', path: 'was-file', expected: 'file', actual: 'dir' },
    ])
    const failure = workspaceFailure('edit-files', differences)
    expect(failure.kind === 'workspace' && failure.differences).toHaveLength(8)
    const { message } = failure
    expect(message).toMatch(
      new RegExp(
        '^scenario edit-files: the final workspace differs from ' +
          String.raw`scenarios\/edit-files\/workspace\.expected\/ \(8 differences\):`,
      ),
    )
    expect(message).toContain('  - missing: gone (directory) is expected but was not there')
    expect(message).toContain('  - type differs: was-file is a directory, expected a file')
    expect(message).toContain('  - symlink target differs: link -> "other.txt", expected "changed.txt"')
    expect(message).toContain('    -two\n    +TWO')
    expect(message).toMatch(/never rewritten by record or refresh/)
  })

  it('reports an expected empty directory that is missing, and a symlink replacing a file', async () => {
    const expected = await build(join(scratch.path, 'expected'), { 'logs/.empty': '', 'a.txt': 'a' })
    const actual = await build(join(scratch.path, 'actual'), { 'a.txt': { link: 'b.txt' } })
    expect(compareWorkspace(actual, expected)).toEqual([
      { kind: 'type', path: 'a.txt', expected: 'file', actual: 'symlink' },
      { kind: 'missing', path: 'logs', expected: 'dir' },
    ])
  })

  it('compares absolute symlink targets inside the temp cwd as {{cwd}}', async () => {
    const actual = join(scratch.path, 'actual')
    await build(actual, { 'a.txt': 'a', abs: { link: `${actual}/a.txt` } })
    const expected = await build(join(scratch.path, 'expected'), { 'a.txt': 'a', abs: { link: '{{cwd}}/a.txt' } })
    expect(compareWorkspace(actual, expected, { cwdPaths: [actual] })).toEqual([])
    expect(compareWorkspace(actual, expected)).toHaveLength(1)
  })

  it('names an extra FIFO (neither file, folder nor link) as another kind of entry', async () => {
    const actual = await build(join(scratch.path, 'actual'), {})
    expect(spawnSync('mkfifo', [join(actual, 'x')]).status).toBe(0)
    const expected = await build(join(scratch.path, 'expected'), {})
    expect(compareWorkspace(actual, expected)).toEqual([{ kind: 'extra', path: 'x', actual: 'other' }])
  })
})
