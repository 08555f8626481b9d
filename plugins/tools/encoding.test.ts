// issue 43, loss 3 and item 23: the text tools are honest about bytes that are not UTF-8. edit_file
// refuses such a file, naming the problem, and leaves every byte; read_file says how many bytes it
// shows as U+FFFD; list_dir shows a name that is not UTF-8 by its bytes and says the tools cannot open it.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createEditFileTool } from './edit-file.ts'
import { createListDirTool } from './list-dir.ts'
import { createReadFileTool } from './read-file.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

// "café\nnaïve = 1\n" in Latin-1: 0xE9 and 0xEF are no UTF-8 on their own.
const latin1 = Buffer.from('café\nnaïve = 1\n', 'latin1')

it('edit_file refuses a Latin-1 file, naming the first bad byte, and changes no byte', async () => {
  writeFileSync(path.join(workspace.cwd, 'old.txt'), latin1)
  const edit = createEditFileTool({ readMaxBytes: 1024 })
  const result = await edit.run({ path: 'old.txt', old_string: '= 1', new_string: '= 2' }, workspace.context())
  expect(result).toEqual({
    output:
      '"old.txt" is not valid UTF-8: 2 bytes are not part of a UTF-8 character (the first, 0xE9, is on line 1); ' +
      'it may be Latin-1 or another legacy encoding. edit_file edits UTF-8 text and would rewrite those bytes as ' +
      'U+FFFD, so the file is left unchanged. Convert it first (e.g. iconv -f latin1 -t utf-8) or change it with bash.',
    isError: true,
  })
  expect(readFileSync(path.join(workspace.cwd, 'old.txt')).equals(latin1)).toBe(true)
})

it('edit_file keeps every other byte of a UTF-8 file: a BOM, CRLF, and 4-byte characters', async () => {
  const text = '\uFEFFline 1 🎉\r\nold\r\n'
  writeFileSync(path.join(workspace.cwd, 'u.txt'), text)
  const edit = createEditFileTool({ readMaxBytes: 1024 })
  expect(await edit.run({ path: 'u.txt', old_string: 'old', new_string: 'new' }, workspace.context())).toMatchObject({
    isError: false,
  })
  expect(readFileSync(path.join(workspace.cwd, 'u.txt')).equals(Buffer.from(text.replace('old', 'new')))).toBe(true)
})

it('read_file says how many bytes it shows as U+FFFD, and where the first is', async () => {
  writeFileSync(path.join(workspace.cwd, 'old.txt'), latin1)
  const read = createReadFileTool({ readMaxBytes: 1024 })
  expect(await read.run({ path: 'old.txt' }, workspace.context())).toMatchObject({
    output:
      'caf\uFFFD\nna\uFFFDve = 1\n[2 bytes not valid UTF-8 shown as U+FFFD (\uFFFD), the first (0xE9) on line 1; the ' +
      'file may be Latin-1 or another encoding]',
    isError: false,
  })
  // A character the cut splits is no encoding problem.
  writeFileSync(path.join(workspace.cwd, 'cut.txt'), 'ab€€')
  const short = createReadFileTool({ readMaxBytes: 4 })
  expect((await short.run({ path: 'cut.txt' }, workspace.context())).output).toBe(
    'ab\n[output truncated: 6 bytes omitted]',
  )
})

it('list_dir shows a name that is not UTF-8 by its bytes and says the file tools cannot open it', async () => {
  writeFileSync(path.join(workspace.cwd, 'caf\u00e9.txt'), 'x')
  writeFileSync(Buffer.concat([Buffer.from(`${workspace.cwd}/`), Buffer.from([0x6e, 0xff, 0x2e, 0x6d, 0x64])]), 'y')
  writeFileSync(path.join(workspace.cwd, 'ok.txt'), 'z')
  const list = createListDirTool({ readMaxBytes: 1024 })
  expect((await list.run({}, workspace.context())).output).toBe(
    'caf\u00e9.txt\nn\\xFF.md\nok.txt\n[1 name not valid UTF-8, shown with \\xHH for each byte; the file tools ' +
      'cannot open it by that name: use bash (e.g. ls -b, or a glob)]',
  )
})
