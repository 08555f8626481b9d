// A hard link inside the cwd to an outside file is the outside file (issue 28, item 10): the
// write tools refuse a file with more than one link by name, and the outside file stays as it was.
import { link, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createEditFileTool } from './edit-file.ts'
import { createReadFileTool } from './read-file.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'
import { createWriteFileTool } from './write-file.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
  await link(path.join(workspace.outside, 'secret.txt'), path.join(workspace.cwd, 'linked.txt'))
})
afterEach(() => workspace.cleanup())

const HARD_LINKS = /"linked.txt" has 2 hard links; a write would change every one of them/

it('write_file and edit_file refuse a file with two hard links and leave it unchanged', async () => {
  const write = createWriteFileTool({ readMaxBytes: 1024 })
  const edit = createEditFileTool({ readMaxBytes: 1024 })
  expect(await write.run({ path: 'linked.txt', content: 'pwned' }, workspace.context())).toEqual({
    output: expect.stringMatching(HARD_LINKS),
    isError: true,
  })
  const edited = await edit.run({ path: 'linked.txt', old_string: 'top', new_string: 'pwned' }, workspace.context())
  expect(edited).toEqual({ output: expect.stringMatching(HARD_LINKS), isError: true })
  expect(await readFile(path.join(workspace.outside, 'secret.txt'), 'utf8')).toBe('top secret\n')
})

it('a file with one link is written as before', async () => {
  await workspace.write('own.txt', 'mine\n')
  const write = createWriteFileTool({ readMaxBytes: 1024 })
  expect(await write.run({ path: 'own.txt', content: 'new\n' }, workspace.context())).toMatchObject({ isError: false })
  const read = createReadFileTool({ readMaxBytes: 1024 })
  expect(await read.run({ path: 'own.txt' }, workspace.context())).toMatchObject({ output: 'new\n' })
})
