// The `task` tool: hands a sub-task to a child session (plugins/agent/child-session.ts) and answers
// with the child's final message. Several `task` calls in one step run at the same time.
import { z } from 'zod'
import { type ChildRequest, ChildSpawnError } from '../agent/index.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from '../tools/define-tool.ts'
import type { Tool, ToolCallOrigin } from '../tools/types.ts'
import type { SubagentsConfig } from './config.ts'

export const TASK_TOOL_NAME = 'task'

const TaskArgs = toolArgs({
  description: requiredString().min(1).describe('A short title for the sub-task (a few words)'),
  prompt: requiredString().min(1).describe('Everything the subagent needs to know to do the sub-task'),
  tools: z
    .array(z.string({ error: 'must be a list of tool names' }), { error: 'must be a list of tool names' })
    .optional()
    .describe("The subagent's tools, a subset of yours; default: your read-only tools and bash"),
})

/** What the tool needs from the agent: the one call that runs a child. */
interface ChildRunner {
  runChild(request: ChildRequest, signal: AbortSignal): Promise<{ ok: boolean; output: string }>
}

export function createTaskTool(agent: () => ChildRunner, config: SubagentsConfig): Tool {
  const fanOut = new FanOut(config.maxPerStep)
  const tool = defineTool({
    name: TASK_TOOL_NAME,
    description:
      'Hand a self-contained sub-task to a subagent: a fresh session with its own turn and tools in the same ' +
      'project. It sees only the prompt you give it and answers with its final message. Several task calls in ' +
      'one step run at the same time.',
    kind: 'other',
    needsApproval: false,
    args: TaskArgs,
    title: (args) => (args ? `Subagent: ${args.description}` : 'Subagent'),
    async run(args, context) {
      if (!context.origin) return errorResult('task can only run inside an agent turn (no spawning call is known)')
      const refusal = fanOut.admit(context.origin)
      if (refusal) return errorResult(refusal)
      const { maxDepth, maxSteps, model } = config
      const request: ChildRequest = {
        origin: context.origin,
        description: args.description,
        prompt: args.prompt,
        maxDepth,
        maxSteps,
        ...(args.tools ? { tools: args.tools } : {}),
        ...(model ? { model } : {}),
      }
      try {
        const outcome = await agent().runChild(request, context.signal)
        return outcome.ok ? okResult(outcome.output) : errorResult(outcome.output)
      } catch (error) {
        if (error instanceof ChildSpawnError) return errorResult(`${error.code}: ${error.message}`)
        throw error
      }
    },
  })
  return { ...tool, concurrent: true, inheritsMode: true }
}

/**
 * How many children each session's current step has started: past `max` a task call is refused by
 * name (2000 calls in one step made 2000 children). Each session keeps only its latest step.
 */
class FanOut {
  private readonly steps = new Map<string, { step: string; count: number }>()

  constructor(private readonly max: number) {}

  /** Counts the call in; the refusal when its step is full. */
  admit(origin: ToolCallOrigin): string | undefined {
    const step = `${origin.turn}:${origin.step}`
    const current = this.steps.get(origin.sessionId)
    const entry = current?.step === step ? current : { step, count: 0 }
    this.steps.set(origin.sessionId, entry)
    if (++entry.count <= this.max) return undefined
    return (
      `SUBAGENT_FANOUT: task call ${origin.callId}: one step may start at most ${this.max} subagents ` +
      '(subagents config "maxPerStep"), and this step already started them; wait for their results and hand ' +
      'out the rest in a later step'
    )
  }
}
