import { describe, expect, it } from 'vitest'
import { defineTool, okResult, toolArgs } from '../tools/define-tool.ts'
import type { Tool } from '../tools/types.ts'
import { DEFAULT_MODE, modeApproves, modeOfLog, offeredTools, SESSION_MODES } from './modes.ts'

const tool = (name: string, kind: Tool['kind']) =>
  defineTool({
    name,
    description: name,
    kind,
    needsApproval: kind !== 'read',
    args: toolArgs({}),
    title: () => name,
    run: async () => okResult(''),
  })
const tools = [tool('bash', 'execute'), tool('read_file', 'read'), tool('edit_file', 'edit'), tool('grep', 'search')]

describe('session modes', () => {
  it('offers every tool in ask and auto-edit, only read and search tools in read-only', () => {
    expect(offeredTools(tools, 'ask').map((t) => t.name)).toEqual(['bash', 'read_file', 'edit_file', 'grep'])
    expect(offeredTools(tools, 'auto-edit')).toHaveLength(4)
    expect(offeredTools(tools, 'read-only').map((t) => t.name)).toEqual(['read_file', 'grep'])
  })

  it('auto-edit approves file edits only', () => {
    expect(tools.filter((t) => modeApproves(t, 'auto-edit')).map((t) => t.name)).toEqual(['edit_file'])
    expect(tools.some((t) => modeApproves(t, 'ask'))).toBe(false)
  })

  it('a log is in its last known mode/change, the default without one', () => {
    expect(DEFAULT_MODE).toBe('ask')
    expect(SESSION_MODES.map((mode) => mode.id)).toEqual(['ask', 'auto-edit', 'read-only'])
    expect(modeOfLog([{ type: 'turn/start', data: { turn: 1 } }])).toBe('ask')
    expect(
      modeOfLog([
        { type: 'mode/change', data: { modeId: 'read-only' } },
        { type: 'mode/change', data: { modeId: 'auto-edit' } },
        { type: 'mode/change', data: { modeId: 'from-a-newer-dsh' } },
      ]),
    ).toBe('auto-edit')
  })
})
