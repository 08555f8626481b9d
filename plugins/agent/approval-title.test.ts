// issue 28, item 2: the approval question names what the call will really write. A path
// through a symlink inside the cwd shows the file it leads to; a plain path shows itself.
import { symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { makeWorkspace, type Workspace } from '../tools/test-support/workspace.ts'
import { createEditFileTool } from '../tools/edit-file.ts'
import { createWriteFileTool } from '../tools/write-file.ts'
import type { Tool } from '../tools/types.ts'
import { standIns, tool } from './test-support/stand-ins.ts'
import { runToolCalls } from './tool-calls.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
  await workspace.write('sub/real.txt', 'old\n')
  await symlink('sub/real.txt', path.join(workspace.cwd, 'link.txt'))
})
afterEach(() => workspace.cleanup())

async function askedTitles(calls: Array<[string, Record<string, unknown>]>): Promise<string[]> {
  const tools = [createWriteFileTool({ readMaxBytes: 1024 }), createEditFileTool({ readMaxBytes: 1024 })]
  const s = standIns({
    tools,
    answer: async () => ({ outcome: 'selected', optionId: 'reject_once', kind: 'reject_once' }),
  })
  s.runtime.header = { ...s.runtime.header, cwd: workspace.cwd }
  const toolCalls = calls.map(([name, args], index) => ({ id: `c${index}`, name, arguments: JSON.stringify(args) }))
  await runToolCalls(s.turn(), 1, toolCalls)
  return s.asked.map((request) => request.tool.title(request.args))
}

it('names the file a write through a symlink changes, and leaves a plain path as it is', async () => {
  expect(
    await askedTitles([
      ['write_file', { path: 'link.txt', content: 'new' }],
      ['edit_file', { path: 'link.txt', old_string: 'old', new_string: 'new' }],
      ['write_file', { path: 'sub/real.txt', content: 'new' }],
      ['write_file', { path: 'fresh/new.txt', content: 'new' }],
    ]),
  ).toEqual([
    'write_file link.txt (writes sub/real.txt)',
    'edit_file link.txt (writes sub/real.txt)',
    'write_file sub/real.txt',
    'write_file fresh/new.txt',
  ])
})

it('fails a call whose approval title throws, naming the tool, and runs the calls after it', async () => {
  const broken: Tool = {
    ...tool('plugin_write', 'edit'),
    approvalTitle: async () => {
      throw new Error('stat failed: EACCES')
    },
  }
  const throwsAtOnce: Tool = {
    ...tool('plugin_sync', 'edit'),
    approvalTitle: () => {
      throw new TypeError('args.path is undefined')
    },
  }
  const s = standIns({
    tools: [broken, throwsAtOnce, tool('bash', 'execute')],
    answer: async () => ({ outcome: 'selected', optionId: 'allow_once', kind: 'allow_once' }),
  })
  const calls = ['plugin_write', 'plugin_sync', 'bash'].map((name) => ({ id: name, name, arguments: '{}' }))
  expect(await runToolCalls(s.turn(), 1, calls)).toBe(false)
  const results = s.events.filter((e) => e.type === 'tool/result').map((e) => e.data)
  expect(results).toEqual([
    expect.objectContaining({
      callId: 'plugin_write',
      isError: true,
      output: 'Tool plugin_write failed before it could be approved: its approval title failed: stat failed: EACCES',
    }),
    expect.objectContaining({
      callId: 'plugin_sync',
      isError: true,
      output: 'Tool plugin_sync failed before it could be approved: its approval title failed: args.path is undefined',
    }),
    expect.objectContaining({ callId: 'bash', isError: false, output: 'bash ran' }),
  ])
  expect(s.asked.map((request) => request.callId)).toEqual(['bash'])
})
