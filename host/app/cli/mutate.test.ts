// `dsh mutate`'s input errors, named before any worker starts: exit 2 with what failed and what to do.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCli } from '../test-support/run-cli.ts'

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dsh-mutate-cli-'))
  mkdirSync(join(root, 'scenarios'))
  mkdirSync(join(root, 'plugins', 'mine'), { recursive: true })
  writeFileSync(join(root, 'plugins', 'mine', 'index.test.ts'), '')
  writeFileSync(join(root, 'plugins', 'mine', 'broken.ts'), 'export const = (\n')
  writeFileSync(join(root, 'notes.md'), '# notes\n')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('names a file that is not a plugin source, and a test file', async () => {
  for (const [file, why] of [
    ['notes.md', 'it is not a JavaScript or TypeScript module'],
    ['plugins/mine/index.test.ts', 'tests, declaration files'],
  ]) {
    const { code, stderr, stdout } = await runCli(['mutate', '--root', root, join(root, file!)])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(`is not a plugin source: ${why}`)
  }
})

it('names a file the instrumenter cannot parse, with where', async () => {
  const { code, stderr } = await runCli(['mutate', '--root', root, join(root, 'plugins/mine/broken.ts')])
  expect(code).toBe(2)
  expect(stderr).toContain(`dsh mutate: ${join(root, 'plugins/mine/broken.ts')}: Unexpected token (1:13)`)
  expect(stderr).toContain('fix the syntax')
})

it('asks for files when none are named and there is no --since', async () => {
  const { code, stderr } = await runCli(['mutate', '--root', root])
  expect(code).toBe(2)
  expect(stderr).toContain('name the plugin files to mutate')
})

it('checks its options before any work', async () => {
  const { code, stderr } = await runCli(['mutate', '--root', root, '--sample', '0', 'x.ts'])
  expect(code).toBe(2)
  expect(stderr).toContain('--sample must be a whole number of at least 1, got "0"')
})
