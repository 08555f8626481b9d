// A defined tool's approval title: its look-up, or the plain title when the look-up fails in any way.
import { describe, expect, it } from 'vitest'
import { defineTool, okResult, requiredString, toolArgs } from './define-tool.ts'

const context = { cwd: '/work/cwd', hidden: [], additionalDirectories: [] }

function toolWithTitle(approvalTitle: (args: { path: string }) => Promise<string>) {
  return defineTool({
    name: 'plugin_write',
    description: 'writes',
    kind: 'edit',
    needsApproval: true,
    args: toolArgs({ path: requiredString() }),
    title: (args) => (args ? `plugin_write ${args.path}` : 'plugin_write'),
    approvalTitle,
    run: async () => okResult('done'),
  })
}

describe('defineTool approvalTitle', () => {
  it('falls back to the plain title when the look-up rejects or throws at once', async () => {
    const rejects = toolWithTitle(async () => {
      throw new Error('EACCES')
    })
    const throwsAtOnce = toolWithTitle(() => {
      throw new TypeError('not a promise')
    })
    const found = toolWithTitle(async (args) => `plugin_write ${args.path} (writes real.txt)`)
    const title = (tool: typeof found) => tool.approvalTitle?.({ path: 'a.txt' }, context)
    expect(await title(rejects)).toBe('plugin_write a.txt')
    expect(await title(throwsAtOnce)).toBe('plugin_write a.txt')
    expect(await title(found)).toBe('plugin_write a.txt (writes real.txt)')
  })
})
