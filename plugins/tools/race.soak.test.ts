// The file tools against a real process swapping a name between an inside entry and a symlink
// to an outside one (issue 28, item 2): for a bounded time, not one read returns the outside
// content and not one write lands outside.
import { readFile, rename, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createEditFileTool } from './edit-file.ts'
import { createReadFileTool } from './read-file.ts'
import { startSwapper } from './test-support/swapper.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'
import { createWriteFileTool } from './write-file.ts'

const RACE_MS = 2_500
let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

const read = createReadFileTool({ readMaxBytes: 1024 })
const write = createWriteFileTool({ readMaxBytes: 1024 })
const edit = createEditFileTool({ readMaxBytes: 1024 })

async function race(kind: 'file' | 'folder', name: string, requested: string) {
  const secret = path.join(workspace.outside, 'secret.txt')
  if (kind === 'file') await workspace.write(name, 'inside\n')
  else await workspace.write(`${name}/secret.txt`, 'inside\n')
  const swapper = startSwapper(workspace.cwd, kind, name, kind === 'file' ? secret : workspace.outside)
  const counts = { outsideReads: 0, reads: 0, writes: 0 }
  try {
    const until = Date.now() + RACE_MS
    while (Date.now() < until) {
      const got = await read.run({ path: requested }, workspace.context())
      if (got.output.includes('top secret')) counts.outsideReads++
      if (!got.isError) counts.reads++
      if (!(await write.run({ path: requested, content: 'written\n' }, workspace.context())).isError) counts.writes++
      await edit.run({ path: requested, old_string: 'top secret', new_string: 'edited' }, workspace.context())
    }
  } finally {
    swapper.kill('SIGKILL')
  }
  expect(await readFile(secret, 'utf8')).toBe('top secret\n')
  expect(counts.outsideReads).toBe(0)
  // The tools kept working in between: the race is refused, not every call.
  expect(counts.reads).toBeGreaterThan(0)
  expect(counts.writes).toBeGreaterThan(0)
}

it('a file swapped with a symlink to an outside file is never read or written outside', async () => {
  await race('file', 'target.txt', 'target.txt')
}, 15_000)

it('a folder swapped with a symlink to an outside folder is never read or written through', async () => {
  await race('folder', 'sub', 'sub/secret.txt')
}, 15_000)

it('an editor that reads the name after it was swapped for a link: its answer is refused', async () => {
  await workspace.write('target.txt', 'inside\n')
  const target = path.join(workspace.cwd, 'target.txt')
  // The swap lands while the editor works on the request: it reads what the link leads to.
  const readTextFile = async (requested: string) => {
    await rename(target, `${target}.away`)
    await symlink(path.join(workspace.outside, 'secret.txt'), target)
    return readFile(requested, 'utf8')
  }
  const context = { ...workspace.context(), client: { readTextFile } }
  expect(await read.run({ path: 'target.txt' }, context)).toEqual({
    output: expect.stringMatching(/^"target.txt" changed while it was being opened/),
    isError: true,
  })
})
