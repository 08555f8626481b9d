// --workspace DIR read from real folders: .gitignore and .git left out, links kept when they stay
// inside, and each refusal naming every offending path.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readWorkspaceDir } from './copy-workspace.ts'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))
function tree(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'dsh-ws-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('readWorkspaceDir', () => {
  it('copies what git would track, keeping inside links and empty folders', () => {
    const root = tree({
      '.gitignore': 'build/\n*.tmp\n',
      'src/a.js': 'a',
      'src/.gitignore': 'local.js\n',
      'src/local.js': 'mine',
      'build/out.js': 'x',
      'x.tmp': 't',
      '.git/HEAD': 'ref',
    })
    mkdirSync(join(root, 'empty'))
    symlinkSync('src/a.js', join(root, 'link.js'))
    symlinkSync(join(root, 'src'), join(root, 'abs'))
    const entries = readWorkspaceDir(root)
    expect(entries.map((e) => [e.path, e.kind])).toEqual([
      ['.gitignore', 'file'],
      ['abs', 'symlink'],
      ['empty', 'empty-dir'],
      ['link.js', 'symlink'],
      ['src/.gitignore', 'file'],
      ['src/a.js', 'file'],
    ])
    expect(entries.find((e) => e.path === 'abs')).toMatchObject({ target: '{{cwd}}/src' })
  })

  it('refuses links out of the folder and files over the limit, naming them all', () => {
    const root = tree({ 'big.bin': 'x'.repeat(20), 'also-big': 'y'.repeat(30), 'ok.txt': 'ok' })
    expect(() => readWorkspaceDir(root, 10)).toThrow(
      /IMPORT_WORKSPACE_TOO_LARGE: .*files over 10 bytes: also-big \(30 bytes\), big\.bin \(20 bytes\)/,
    )
    symlinkSync('../outside', join(root, 'up'))
    expect(() => readWorkspaceDir(root)).toThrow(/IMPORT_WORKSPACE_SYMLINK: .*up -> \.\.\/outside/)
  })

  it('names a FIFO, even as .gitignore, without opening it (issue 43, hang 9)', () => {
    const root = tree({ 'ok.txt': 'ok' })
    execFileSync('mkfifo', [join(root, '.gitignore')])
    execFileSync('mkfifo', [join(root, 'pipe')])
    expect(() => readWorkspaceDir(root)).toThrow(
      /IMPORT_WORKSPACE: .*not a file, folder or symbolic link: \.gitignore, pipe;/,
    )
  })
})
