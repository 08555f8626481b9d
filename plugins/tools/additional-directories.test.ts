// ACP additionalDirectories (issue 38 item 3): the file tools reach the session's additional
// directories as they reach the cwd, with every guarantee of docs/security.md: `..` and symlinks
// cannot leave them, hidden folders stay hidden inside them, and nothing outside is read or written.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { confineExisting, confineForWrite } from './confine.ts'
import { createEditFileTool } from './edit-file.ts'
import { createListDirTool } from './list-dir.ts'
import { createReadFileTool } from './read-file.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'
import type { ToolContext } from './types.ts'
import { createWriteFileTool } from './write-file.ts'

let workspace: Workspace
let extra: string
let context: ToolContext
beforeEach(async () => {
  workspace = await makeWorkspace()
  extra = path.join(path.dirname(workspace.cwd), 'extra')
  await mkdir(path.join(extra, 'guides'), { recursive: true })
  await writeFile(path.join(extra, 'guides', 'notes.md'), 'one\ntwo\n')
  context = { ...workspace.context(), additionalDirectories: [extra] }
})
afterEach(() => workspace.cleanup())

const options = { readMaxBytes: 4096 }
const OUTSIDE = /is outside the working directory and its additional directories \(".*extra"\)/
const ESCAPE = /resolves through a symlink to a location outside the working directory and its additional/

describe('the file tools in an additional directory', () => {
  it('read, list, write and edit there by absolute path, shown as absolute paths', async () => {
    const notes = path.join(extra, 'guides', 'notes.md')
    expect(await createReadFileTool(options).run({ path: notes }, context)).toMatchObject({
      isError: false,
      output: expect.stringContaining('two'),
    })
    expect(await createListDirTool(options).run({ path: path.join(extra, 'guides') }, context)).toMatchObject({
      isError: false,
      output: 'notes.md',
    })
    const created = path.join(extra, 'new', 'todo.md')
    expect(await createWriteFileTool(options).run({ path: created, content: 'x\n' }, context)).toMatchObject({
      isError: false,
      output: `created ${created} (2 bytes)`,
      display: { locations: [{ path: created, line: 1 }] },
    })
    expect(await readFile(created, 'utf8')).toBe('x\n')
    const edit = { path: notes, old_string: 'two', new_string: '2' }
    expect(await createEditFileTool(options).run(edit, context)).toMatchObject({ isError: false })
    expect(await readFile(notes, 'utf8')).toBe('one\n2\n')
    // Relative paths still resolve against the cwd, and reach the directory only through it.
    expect(confineExisting(workspace.cwd, '../extra/guides/notes.md', [], [extra])).toMatchObject({
      ok: true,
      display: notes,
    })
  })

  it('refuses `..` out of it, a sibling with a longer name, and the directory when the session has none', async () => {
    await writeFile(path.join(workspace.outside, 'secret.txt'), 'top secret\n')
    const leaving = path.join(extra, '..', 'outside', 'secret.txt')
    expect(await createReadFileTool(options).run({ path: leaving }, context)).toMatchObject({
      isError: true,
      output: expect.stringMatching(OUTSIDE),
    })
    const sibling = `${extra}2/x.txt`
    expect(await createWriteFileTool(options).run({ path: sibling, content: 'x' }, context)).toMatchObject({
      isError: true,
      output: expect.stringMatching(OUTSIDE),
    })
    expect(existsSync(path.dirname(sibling))).toBe(false)
    expect(confineExisting(workspace.cwd, path.join(extra, 'guides', 'notes.md'))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is outside the working directory\. /),
    })
  })

  it(
    'refuses a symlink in it that leads outside, for reading and for writing, ' + 'and names a link between roots',
    async () => {
      await symlink(path.join(workspace.outside, 'secret.txt'), path.join(extra, 'leak'))
      await symlink(workspace.outside, path.join(extra, 'out'))
      expect(await createReadFileTool(options).run({ path: path.join(extra, 'leak') }, context)).toMatchObject({
        isError: true,
        output: expect.stringMatching(ESCAPE),
      })
      const written = path.join(extra, 'out', 'planted.txt')
      expect(await createWriteFileTool(options).run({ path: written, content: 'x' }, context)).toMatchObject({
        isError: true,
        output: expect.stringMatching(ESCAPE),
      })
      expect(existsSync(path.join(workspace.outside, 'planted.txt'))).toBe(false)
      // A link from the cwd into the additional directory stays inside what the session may reach.
      await symlink(path.join(extra, 'guides'), path.join(workspace.cwd, 'shared'))
      expect(confineForWrite(workspace.cwd, 'shared/notes.md', [], [extra])).toMatchObject({
        ok: true,
        display: 'shared/notes.md',
        realDisplay: path.join(extra, 'guides', 'notes.md'),
        realCwd: extra,
      })
      const tool = createWriteFileTool(options)
      expect(await tool.approvalTitle!({ path: 'shared/notes.md', content: '' }, context)).toBe(
        `write_file shared/notes.md (writes ${path.join(extra, 'guides', 'notes.md')})`,
      )
    },
  )

  it('keeps a hidden folder inside it hidden (a sessions root, a key folder)', async () => {
    const sessions = path.join(extra, 'sessions')
    await mkdir(sessions)
    await writeFile(path.join(sessions, 'log.jsonl'), '{}\n')
    const hidden = { ...context, hidden: [sessions] }
    expect(await createReadFileTool(options).run({ path: path.join(sessions, 'log.jsonl') }, hidden)).toMatchObject({
      isError: true,
      output: expect.stringContaining("inside dsh's session log folder"),
    })
    expect(await createListDirTool(options).run({ path: extra }, hidden)).toMatchObject({ output: 'guides/' })
  })
})
