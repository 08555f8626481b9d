import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { packageRoot } from '../../lib/package-root.ts'

const repo = packageRoot
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

test('bin/dsh.js without dist/ tells the user to run npm run build', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dsh-bin-'))
  made.push(root)
  mkdirSync(path.join(root, 'bin'))
  copyFileSync(path.join(repo, 'bin/dsh.js'), path.join(root, 'bin/dsh.js'))
  const result = spawnSync(process.execPath, [path.join(root, 'bin/dsh.js'), '--help'], { encoding: 'utf8' })
  expect(result.status).toBe(1)
  expect(result.stdout).toBe('')
  expect(result.stderr).toMatch(/^dsh: .*dist\/host\/app\/cli\.js is missing; run `npm run build` in /)
})
