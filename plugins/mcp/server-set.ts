// The MCP servers of one session: connected side by side, their tools named for the model, and
// every server that failed (or tool that had to be left out) kept as a named failure. A failing
// server never fails the session: it only loses its tools.
import type { Tool } from '../tools/types.ts'
import { createMcpTool, DEFAULT_MAX_OUTPUT_BYTES, type McpToolLimits } from './mcp-tool.ts'
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
    limits: McpToolLimits = { maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
    launch?: ServerLaunchOptions,
  ): Promise<McpServerSet> {
    const open = (spec: McpServerSpec) => McpServerConnection.open(spec, cwd, timeouts, launch)
    const settled = await Promise.allSettled(specs.map(open))
    const connections: McpServerConnection[] = []
    const failures: McpFailure[] = []
    for (const [index, spec] of specs.entries()) {
      const outcome = settled[index]
      if (outcome?.status === 'fulfilled') connections.push(outcome.value)
      else if (outcome) failures.push({ server: spec.name, message: messageOf(outcome.reason) })
    }
    const tools: Tool[] = []
    const set = new McpServerSet(connections, tools, failures, onClose)
    // One name space for the session: a name one server's tool took is refused to another's.
    const owners = new Map<string, string>()
    for (const connection of connections) tools.push(...toolsOf(connection, { failures, owners, limits, set }))
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

interface NamingState {
  failures: McpFailure[]
  /** Model name → `tool "x" of MCP server "y"`, across every server of the session. */
  owners: Map<string, string>
  limits: McpToolLimits
  set: McpServerSet
}

function toolsOf(connection: McpServerConnection, state: NamingState): Tool[] {
  const tools: Tool[] = []
  const server = connection.spec.name
  const leaveOut = (tool: string, why: string) =>
    state.failures.push({ server, message: `${describeServer(connection.spec)}: tool "${tool}" is left out: ${why}` })
  for (const { tool, why } of connection.dropped) leaveOut(tool, why)
  for (const info of connection.tools) {
    const name = mcpToolName(connection.spec.key, info.name)
    const problem = schemaProblem(info.inputSchema)
    const owner = name === undefined ? undefined : state.owners.get(name)
    if (!name) leaveOut(info.name, `its model name would exceed ${MODEL_TOOL_NAME_MAX} characters`)
    else if (owner) leaveOut(info.name, `its model name ${name} is already taken by ${owner}`)
    else if (problem) leaveOut(info.name, problem)
    else {
      state.owners.set(name, `tool "${info.name}" of MCP server "${server}"`)
      const report = (failure: McpFailure) => state.set.reportFailure(failure)
      tools.push(createMcpTool(name, connection, info, report, state.limits))
    }
  }
  return tools
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
