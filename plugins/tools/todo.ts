// todo: the model's plan for the task, as ACP plan entries. Each call sends the whole list, which
// replaces the previous one; the editor shows it as the session's plan (the result's display.plan).
import { z } from 'zod'
import type { PlanEntryRecord } from '../session/events.ts'
import { defineTool, okResult, toolArgs } from './define-tool.ts'
import { plural } from '../../lib/plural.ts'

const PlanEntry = z.strictObject({
  content: z.string({ error: 'must be a string' }).min(1).describe('What this step does, in a few words'),
  status: z.enum(['pending', 'in_progress', 'completed']).describe('Where the step stands'),
  priority: z.enum(['high', 'medium', 'low']).describe('How much the step matters'),
})

const TodoArgs = toolArgs({
  entries: z
    .array(PlanEntry, { error: 'must be an array of {content, status, priority}' })
    .describe('The whole plan, in order; it replaces the previous one'),
})

const MARKS: Record<PlanEntryRecord['status'], string> = { pending: '[ ]', in_progress: '[~]', completed: '[x]' }

export function createTodoTool() {
  return defineTool({
    name: 'todo',
    description:
      'Keep a plan for a task of several steps: send the whole list each time (it replaces the last one), ' +
      'marking steps in_progress and completed as you go. The user sees it.',
    kind: 'think',
    needsApproval: false,
    args: TodoArgs,
    title: (args) => `todo (${plural(args?.entries.length ?? 0, 'entry', 'entries')})`,
    async run(args) {
      const plan: PlanEntryRecord[] = args.entries.map(({ content, status, priority }) => ({
        content,
        status,
        priority,
      }))
      const lines = plan.map((entry) => `${MARKS[entry.status]} ${entry.content} (${entry.priority})`)
      return { ...okResult(lines.length ? lines.join('\n') : 'The plan is empty.'), display: { plan } }
    },
  })
}
