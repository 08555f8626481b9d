// dsh's own session logs stay out of the file tools' reach when the sessions root lies inside
// the session cwd (a user who points DSH_SESSIONS_ROOT into the project, or a cwd of ~).
import { symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createListDirTool } from './list-dir.ts'
import { createReadFileTool } from './read-file.ts'
import { createWriteFileTool } from './write-file.ts'
import { createEditFileTool } from './edit-file.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
  await workspace.write('README.md', 'hi\n')
  await workspace.write('.state/dsh/sessions/s1.jsonl', '{"type":"session"}\n')
})
afterEach(() => workspace.cleanup())

const HIDDEN = /is inside dsh's session log folder, which the file tools do not read or write/
const context = () => ({ ...workspace.context(), hidden: [path.join(workspace.cwd, '.state', 'dsh', 'sessions')] })

describe('file tools and the sessions root', () => {
  it('list_dir leaves the sessions root out of listings and refuses to list inside it', async () => {
    const list = createListDirTool({ readMaxBytes: 1024 })
    expect(await list.run({ path: '.state/dsh' }, context())).toMatchObject({
      output: '(empty directory)',
      isError: false,
    })
    expect(await list.run({}, context())).toMatchObject({ output: '.state/\nREADME.md', isError: false })
    expect(await list.run({ path: '.state/dsh/sessions' }, context())).toMatchObject({ isError: true, output: HIDDEN })
    // Without hidden folders (as before), it is listed: the test can fail.
    expect(await list.run({ path: '.state/dsh' }, workspace.context())).toMatchObject({
      output: 'sessions/',
      isError: false,
    })
  })

  it('read_file, write_file and edit_file refuse paths inside it, also through a symlink', async () => {
    await symlink(path.join(workspace.cwd, '.state', 'dsh', 'sessions'), path.join(workspace.cwd, 'logs'))
    const read = createReadFileTool({ readMaxBytes: 1024 })
    const write = createWriteFileTool({ readMaxBytes: 1024 })
    const edit = createEditFileTool({ readMaxBytes: 1024 })
    expect(await read.run({ path: '.state/dsh/sessions/s1.jsonl' }, context())).toMatchObject({
      isError: true,
      output: HIDDEN,
    })
    expect(await read.run({ path: 'logs/s1.jsonl' }, context())).toMatchObject({ isError: true, output: HIDDEN })
    expect(await write.run({ path: 'logs/new.jsonl', content: 'x' }, context())).toMatchObject({
      isError: true,
      output: HIDDEN,
    })
    expect(await edit.run({ path: 'logs/s1.jsonl', old_string: 'session', new_string: 'x' }, context())).toMatchObject({
      isError: true,
      output: HIDDEN,
    })
    // A log that does not exist gets the same answer: existence is not shown either.
    expect(await read.run({ path: '.state/dsh/sessions/none.jsonl' }, context())).toMatchObject({
      isError: true,
      output: HIDDEN,
    })
    expect(await read.run({ path: 'README.md' }, context())).toMatchObject({ output: 'hi\n', isError: false })
  })
})
