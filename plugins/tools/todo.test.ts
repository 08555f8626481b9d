import { describe, expect, it } from 'vitest'
import { createTodoTool } from './todo.ts'

const context = { cwd: '/work', signal: new AbortController().signal }

describe('todo', () => {
  it('returns the whole plan as display.plan and a checklist for the model', async () => {
    const entries = [
      { content: 'read', status: 'completed', priority: 'high' },
      { content: 'write', status: 'in_progress', priority: 'low' },
    ]
    const result = await createTodoTool().run({ entries }, context)
    expect(result).toEqual({ output: '[x] read (high)\n[~] write (low)', isError: false, display: { plan: entries } })
  })

  it('refuses an entry without the ACP plan fields, naming the field', async () => {
    const result = await createTodoTool().run({ entries: [{ content: 'x', status: 'done' }] }, context)
    expect(result.isError).toBe(true)
    expect(result.output).toContain('"entries[0].status"')
    expect(result.output).toContain('"entries[0].priority"')
    expect(result.display).toBeUndefined()
  })
})
