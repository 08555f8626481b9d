import { type Context, Service } from 'cordis'
import type { ToolSchema } from '../llm/types.ts'
import { createAskUserTool } from './ask-user.ts'
import { createBashTool } from './bash.ts'
import { BUILTIN_TOOL_NAMES, type BuiltinToolName, ToolsConfig, type ToolsConfigInput } from './config.ts'
import { createEditFileTool } from './edit-file.ts'
import { createListDirTool } from './list-dir.ts'
import { createReadFileTool } from './read-file.ts'
import { createTodoTool } from './todo.ts'
import type { Tool } from './types.ts'
import { createWriteFileTool } from './write-file.ts'

export * from './types.ts'
export { ToolsConfig, type ToolsConfigInput, BUILTIN_TOOL_NAMES } from './config.ts'
export { defineTool, errorResult, okResult } from './define-tool.ts'

declare module 'cordis' {
  interface Context {
    tools: ToolsService
  }
}

function createBuiltin(name: BuiltinToolName, config: ToolsConfig): Tool {
  switch (name) {
    case 'bash':
      return createBashTool(config.bash, undefined, { config: config.sandbox })
    case 'read_file':
      return createReadFileTool(config)
    case 'write_file':
      return createWriteFileTool(config)
    case 'edit_file':
      return createEditFileTool(config)
    case 'list_dir':
      return createListDirTool(config)
    case 'todo':
      return createTodoTool()
    case 'ask_user':
      return createAskUserTool()
  }
}

/**
 * The `tools` service: the registry the agent loop offers to the model. Built-ins are
 * registered according to `enabled`; other plugins add tools with `ctx.tools.register`.
 */
export class ToolsService extends Service {
  static readonly provide = 'tools'
  static readonly Config = ToolsConfig
  // A Map keeps insertion order, which is the stable schema order.
  private tools = new Map<string, Tool>()

  /** `ctx.plugin(ToolsService, config?)` takes the input side; Cordis parses it with `Config` before constructing. */
  constructor(ctx: Context, config?: ToolsConfigInput)
  constructor(ctx: Context, config: ToolsConfig) {
    super(ctx, 'tools')
    for (const name of BUILTIN_TOOL_NAMES) {
      if (config.enabled.includes(name)) this.register(createBuiltin(name, config))
    }
  }

  /**
   * Adds a tool until the caller's fiber is disposed (or the returned disposer runs).
   * A duplicate name is a programming error and throws.
   */
  register(tool: Tool, caller: Context = this.ctx): () => void {
    if (this.tools.has(tool.name)) throw new Error(`a tool named "${tool.name}" is already registered`)
    return caller.effect(() => {
      this.tools.set(tool.name, tool)
      return () => {
        if (this.tools.get(tool.name) === tool) this.tools.delete(tool.name)
      }
    }, `tool ${tool.name}`)
  }

  list(): Tool[] {
    return [...this.tools.values()]
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name)
  }

  /** What the model sees, in registration order; only the schema fields, so no functions leak. */
  schemas(): ToolSchema[] {
    return this.list().map(({ name, description, parameters }) => ({ name, description, parameters }))
  }
}

export const name = 'tools'
export default ToolsService
