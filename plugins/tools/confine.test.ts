import { symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { relativeInside } from '../../lib/path-inside.ts'
import { confineExisting, confineForWrite } from './confine.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
  await workspace.write('src/a.ts', 'a')
})
afterEach(() => workspace.cleanup())

const OUTSIDE = /is outside the working directory/
const SYMLINK_ESCAPE = /resolves through a symlink to a location outside the working directory/

describe('relativeInside', () => {
  it('accepts the base and paths below it, rejects the rest', () => {
    expect(relativeInside('/w', '/w')).toBe('')
    expect(relativeInside('/w', '/w/a/b')).toBe('a/b')
    expect(relativeInside('/w', '/w/..foo')).toBe('..foo')
    expect(relativeInside('/w', '/')).toBeUndefined()
    expect(relativeInside('/w', '/wx')).toBeUndefined()
  })
})

describe('confineExisting', () => {
  it('resolves relative and inside-absolute paths to a cwd-relative display', () => {
    expect(confineExisting(workspace.cwd, 'src/../src/a.ts')).toMatchObject({ ok: true, display: 'src/a.ts' })
    expect(confineExisting(workspace.cwd, path.join(workspace.cwd, 'src'))).toMatchObject({
      ok: true,
      display: 'src',
    })
    expect(confineExisting(workspace.cwd, '.')).toMatchObject({ ok: true, display: '.' })
  })

  it('rejects `..` escapes and absolute paths outside', () => {
    expect(confineExisting(workspace.cwd, '../outside/secret.txt')).toMatchObject({
      ok: false,
      message: expect.stringMatching(OUTSIDE),
    })
    expect(confineExisting(workspace.cwd, '/etc/passwd')).toMatchObject({
      ok: false,
      message: expect.stringMatching(OUTSIDE),
    })
  })

  it('rejects a symlink whose target is outside, even through a linked directory', async () => {
    await symlink(path.join(workspace.outside, 'secret.txt'), path.join(workspace.cwd, 'link'))
    await symlink(workspace.outside, path.join(workspace.cwd, 'linkdir'))
    expect(confineExisting(workspace.cwd, 'link')).toMatchObject({
      ok: false,
      message: expect.stringMatching(SYMLINK_ESCAPE),
    })
    expect(confineExisting(workspace.cwd, 'linkdir/secret.txt')).toMatchObject({
      ok: false,
      message: expect.stringMatching(SYMLINK_ESCAPE),
    })
  })

  it('follows a symlink that stays inside', async () => {
    await symlink('src/a.ts', path.join(workspace.cwd, 'alias'))
    expect(confineExisting(workspace.cwd, 'alias')).toEqual({
      ok: true,
      display: 'alias',
      realPath: path.join(workspace.cwd, 'src/a.ts'),
      realCwd: workspace.cwd,
      realDisplay: 'src/a.ts',
      hiddenFiles: [],
    })
  })

  it('reports a missing path', () => {
    expect(confineExisting(workspace.cwd, 'nope.txt')).toEqual({
      ok: false,
      message: '"nope.txt" does not exist.',
    })
  })

  it('accepts paths when the cwd is given through a symlink', async () => {
    const alias = path.join(workspace.outside, 'cwd-alias')
    await symlink(workspace.cwd, alias)
    expect(confineExisting(alias, 'src/a.ts')).toMatchObject({ ok: true, display: 'src/a.ts' })
    expect(confineExisting(alias, path.join(workspace.cwd, 'src/a.ts'))).toMatchObject({
      ok: true,
      display: 'src/a.ts',
    })
  })
})

describe('confineForWrite', () => {
  it('maps a new file under new directories to its real location', () => {
    expect(confineForWrite(workspace.cwd, 'new/dir/file.txt')).toEqual({
      ok: true,
      display: 'new/dir/file.txt',
      realPath: path.join(workspace.cwd, 'new/dir/file.txt'),
      realCwd: workspace.cwd,
      realDisplay: 'new/dir/file.txt',
      hiddenFiles: [],
    })
  })

  it('rejects new paths below a symlinked directory that leads outside', async () => {
    await symlink(workspace.outside, path.join(workspace.cwd, 'linkdir'))
    expect(confineForWrite(workspace.cwd, 'linkdir/new/file.txt')).toMatchObject({
      ok: false,
      message: expect.stringMatching(SYMLINK_ESCAPE),
    })
  })

  it('refuses to write through a dangling symlink', async () => {
    await symlink(path.join(workspace.outside, 'not-yet.txt'), path.join(workspace.cwd, 'dangling'))
    expect(confineForWrite(workspace.cwd, 'dangling')).toEqual({
      ok: false,
      message: 'Path "dangling" goes through a symlink whose target does not exist; refusing to write through it.',
    })
  })

  it('reports a file used as a directory', () => {
    expect(confineForWrite(workspace.cwd, 'src/a.ts/x')).toEqual({
      ok: false,
      message: 'A parent of "src/a.ts/x" is not a directory.',
    })
  })
})
