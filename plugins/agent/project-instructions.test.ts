// readInstructions on its own: what an absent file, a name outside the cwd and a hidden one come to.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readInstructions } from './project-instructions.ts'

const config = (files: string[]) => ({ files, maxBytes: 1000 })
let root: string
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('readInstructions', () => {
  it('skips an absent file inside the cwd and refuses a name that leaves it, present or not', async () => {
    root = mkdtempSync(join(tmpdir(), 'dsh-instructions-'))
    const cwd = join(root, 'project')
    mkdirSync(cwd)
    // Nothing to confine: the hidden paths (the environment and key folder read) are not even asked for.
    let asked = 0
    const hidden = () => {
      asked++
      return []
    }
    await expect(readInstructions(cwd, config(['AGENTS.md', 'docs/AGENTS.md']), hidden)).resolves.toEqual([])
    expect(asked).toBe(0)
    await expect(readInstructions(cwd, config(['../AGENTS.md']))).rejects.toThrow(
      /project instructions: \.\.\/AGENTS\.md in the session cwd cannot be read .*outside the working directory/,
    )
    writeFileSync(join(root, 'AGENTS.md'), 'outside\n')
    await expect(readInstructions(cwd, config(['../AGENTS.md']))).rejects.toThrow(/outside the working directory/)
  })

  it('refuses a present file in a hidden folder and reads the one beside it', async () => {
    root = mkdtempSync(join(tmpdir(), 'dsh-instructions-'))
    mkdirSync(join(root, 'logs'))
    writeFileSync(join(root, 'logs', 'AGENTS.md'), 'hidden\n')
    writeFileSync(join(root, 'AGENTS.md'), 'rules\n')
    const files = await readInstructions(root, config(['AGENTS.md']), () => [join(root, 'logs')])
    expect(files.map((file) => [file.path, file.text])).toEqual([['AGENTS.md', 'rules\n']])
    await expect(readInstructions(root, config(['logs/AGENTS.md']), () => [join(root, 'logs')])).rejects.toThrow(
      /inside dsh's session log folder/,
    )
  })
})
