// subagents: the `task` tool, composed in cordis.yml after the agent; a profile that leaves this
// plugin out offers no `task` (README.md).
import type { Context } from 'cordis'
import type {} from '../agent/index.ts'
import type {} from '../tools/index.ts'
import { SubagentsConfig } from './config.ts'
import { createTaskTool } from './task-tool.ts'

export { SubagentsConfig, type SubagentsConfigInput } from './config.ts'
export { createTaskTool, TASK_TOOL_NAME } from './task-tool.ts'

export const name = 'subagents'
export const inject = ['tools', 'agent']
export const Config = SubagentsConfig

export function apply(ctx: Context, config: SubagentsConfig) {
  // The agent is looked up at each call, as it may be reloaded while the tool stays registered.
  ctx.tools.register(
    createTaskTool(() => ctx.agent, config),
    ctx,
  )
}
