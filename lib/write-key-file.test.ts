// A key file is 0600 from its first byte and replaced whole: no temp file stays, even on failure.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { writeKeyFile } from './write-key-file.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
function scratch() {
  const base = mkdtempSync(path.join(tmpdir(), 'dsh-key-file-'))
  folders.push(base)
  return base
}
const mode = (file: string) => statSync(file).mode & 0o777

it('makes a missing folder 0700 and the file 0600, replacing an older, readable one whole', () => {
  const folder = path.join(scratch(), 'config', 'dsh')
  const file = path.join(folder, 'my-api-key')
  writeKeyFile(file, 'sk-first')
  expect(mode(folder)).toBe(0o700)
  expect(mode(file)).toBe(0o600)
  writeFileSync(file, 'sk-old\n', { mode: 0o644 })
  writeKeyFile(file, 'sk-second')
  expect(readFileSync(file, 'utf8')).toBe('sk-second\n')
  expect(mode(file)).toBe(0o600)
  expect(readdirSync(folder)).toEqual(['my-api-key'])
})

it('leaves no temp file beside a path it cannot replace (a folder), and says which path failed', () => {
  const base = scratch()
  const taken = path.join(base, 'key')
  mkdirSync(path.join(taken, 'inside'), { recursive: true })
  expect(() => writeKeyFile(taken, 'sk-never-written')).toThrow(taken)
  expect(readdirSync(base)).toEqual(['key'])
})
