// The MCP servers of one session: connected side by side, their tools named for the model, and
// every server that failed (or tool that had to be left out) kept as a named failure. A failing
// server never fails the session: it only loses its tools.
import type { Tool } from '../tools/types.ts'
import { createMcpTool } from './mcp-tool.ts'
import { describeServer, McpServerConnection, type McpTimeouts } from './server-connection.ts'
import type { ServerLaunchOptions } from './server-sandbox.ts'
import type { McpServerSpec } from './server-specs.ts'
import { MODEL_TOOL_NAME_MAX, mcpToolName } from './tool-names.ts'
import { schemaProblem } from './tool-schema.ts'

export interface McpFailure {
  /** The server's name as the client gave it. */
  server: string
  message: string
}

export class McpServerSet {
  private closing: Promise<void> | undefined
  private failureListener: ((failure: McpFailure) => void) | undefined
  private constructor(
    private readonly connections: McpServerConnection[],
    readonly tools: Tool[],
    readonly failures: McpFailure[],
    private readonly onClose: (set: McpServerSet) => void,
  ) {}

  static async open(
    specs: readonly McpServerSpec[],
    cwd: string,
    timeouts: McpTimeouts,
    onClose: (set: McpServerSet) => void = () => {},
    launch?: ServerLaunchOptions,
  ): Promise<McpServerSet> {
    const open = (spec: McpServerSpec) => McpServerConnection.open(spec, cwd, timeouts, launch)
    const settled = await Promise.allSettled(specs.map(open))
    const connections: McpServerConnection[] = []
    const failures: McpFailure[] = []
    settled.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') connections.push(outcome.value)
      else failures.push({ server: specs[index]!.name, message: messageOf(outcome.reason) })
    })
    const tools: Tool[] = []
    const set = new McpServerSet(connections, tools, failures, onClose)
    for (const connection of connections) tools.push(...toolsOf(connection, failures, set))
    return set
  }

  /** Hears of each later failure: a server that dies, times out or breaks the protocol during a call. */
  onFailure(listener: (failure: McpFailure) => void): void {
    this.failureListener = listener
  }

  /** Called by a tool of this set when its server failed during a call (mcp-tool.ts). */
  reportFailure(failure: McpFailure): void {
    this.failureListener?.(failure)
  }

  /** Ends every server of the session (stdio servers with their whole process group). */
  close(): Promise<void> {
    this.closing ??= Promise.all(this.connections.map((c) => c.close())).then(() => this.onClose(this))
    return this.closing
  }
}

function toolsOf(connection: McpServerConnection, failures: McpFailure[], set: McpServerSet): Tool[] {
  const tools: Tool[] = []
  const named = new Set<string>()
  const leaveOut = (tool: string, why: string) =>
    failures.push({
      server: connection.spec.name,
      message: `${describeServer(connection.spec)}: tool "${tool}" ${why}`,
    })
  for (const info of connection.tools) {
    const name = mcpToolName(connection.spec.key, info.name)
    const problem = schemaProblem(info.inputSchema)
    if (!name) leaveOut(info.name, `is left out: its model name would exceed ${MODEL_TOOL_NAME_MAX} characters`)
    else if (named.has(name)) leaveOut(info.name, `is left out: another tool of this server is also named ${name}`)
    else if (problem) leaveOut(info.name, `is left out: ${problem}`)
    else {
      named.add(name)
      tools.push(createMcpTool(name, connection, info, (failure) => set.reportFailure(failure)))
    }
  }
  return tools
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
