// One connected MCP server: the SDK client over its transport, its tool list, calls with a
// signal and a timeout, and an error vocabulary that always names the server and its command.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { type CallToolResult, type Tool as McpToolInfo, ToolSchema } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { zodIssuesToFileIssues } from '../../lib/file-issues.ts'
import { ServerProcessTransport } from './server-process.ts'
import { planServerLaunch, type ServerLaunchOptions } from './server-sandbox.ts'
import type { McpServerSpec } from './server-specs.ts'
import { serverEnv } from './server-env.ts'

export type { McpToolInfo }

export interface McpTimeouts {
  initializeMs: number
  listToolsMs: number
  callMs: number
  killGraceMs: number
}

/** A failure of one server, worded for the session log, the client and the model. */
export class McpServerError extends Error {
  override name = 'McpServerError'
  constructor(
    readonly server: string,
    message: string,
    /** The message without the server's command line: what the model is told (it needs no paths). */
    readonly brief: string = message,
  ) {
    super(message)
  }
}

/** `"files" (node server.mjs)` or `"docs" (http https://…)`: how every message names a server. */
export function describeServer(spec: McpServerSpec): string {
  const how = spec.transport === 'stdio' ? [spec.command, ...spec.args].join(' ') : `${spec.transport} ${spec.url}`
  return `MCP server "${spec.name}" (${how})`
}

export class McpServerConnection {
  private closed = false
  private constructor(
    readonly spec: McpServerSpec,
    private readonly client: Client,
    private readonly transport: Transport,
    readonly tools: McpToolInfo[],
    /** Tools of the list that are not valid MCP tool entries: left out one by one, with why. */
    readonly dropped: DroppedTool[],
    private readonly timeouts: McpTimeouts,
  ) {}

  /** Starts (or reaches) the server, initializes and lists its tools; throws McpServerError. */
  static async open(
    spec: McpServerSpec,
    cwd: string,
    timeouts: McpTimeouts,
    launch?: ServerLaunchOptions,
  ): Promise<McpServerConnection> {
    const transport = await createTransport(spec, cwd, timeouts.killGraceMs, launch)
    const client = new Client({ name: 'dsh', version: '0.1.0' })
    const fail = async (what: string, error: unknown) => {
      await client.close().catch(() => undefined)
      await transport.close().catch(() => undefined)
      throw new McpServerError(spec.name, `${describeServer(spec)} ${what}: ${reason(error, transport)}`)
    }
    try {
      await client.connect(transport, { timeout: timeouts.initializeMs })
    } catch (error) {
      return fail('could not be initialized', error)
    }
    try {
      const { tools, dropped } = await listAllTools(client, timeouts.listToolsMs)
      return new McpServerConnection(spec, client, transport, tools, dropped, timeouts)
    } catch (error) {
      return fail('did not list its tools', error)
    }
  }

  /** Calls a tool; a dead server, a timeout or a protocol error throws McpServerError. */
  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    try {
      const result = await this.client.callTool({ name: tool, arguments: args }, undefined, {
        signal,
        timeout: this.timeouts.callMs,
      })
      return result as CallToolResult
    } catch (error) {
      if (signal.aborted) throw error
      const what = `failed during the call to ${tool}: ${reason(error, this.transport)}`
      throw new McpServerError(
        this.spec.name,
        `${describeServer(this.spec)} ${what}`,
        `MCP server "${this.spec.name}" ${what}`,
      )
    }
  }

  /** Ends the session with the server and, for stdio, its whole process group. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.client.close().catch(() => undefined)
    await this.transport.close().catch(() => undefined)
  }
}

async function createTransport(
  spec: McpServerSpec,
  cwd: string,
  killGraceMs: number,
  launch: ServerLaunchOptions | undefined,
): Promise<Transport> {
  if (spec.transport === 'stdio') {
    const plan = await planServerLaunch(spec, cwd, launch)
    if ('refused' in plan)
      throw new McpServerError(spec.name, `${describeServer(spec)} was not started: ${plan.refused}`)
    const env = serverEnv(process.env, spec.env)
    return new ServerProcessTransport({ command: spec.command, args: spec.args, cwd, env, killGraceMs, ...plan })
  }
  const requestInit = { headers: spec.headers }
  return spec.transport === 'http'
    ? new StreamableHTTPClientTransport(new URL(spec.url), { requestInit })
    : new SSEClientTransport(new URL(spec.url), { requestInit })
}

interface DroppedTool {
  tool: string
  why: string
}

/** `tools/list` read loosely: the SDK's own schema rejects the whole list for one bad tool. */
const LooseToolList = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() })

/** Every page of the list; each entry is checked on its own, so one bad tool loses only itself. */
async function listAllTools(
  client: Client,
  timeoutMs: number,
): Promise<{ tools: McpToolInfo[]; dropped: DroppedTool[] }> {
  const tools: McpToolInfo[] = []
  const dropped: DroppedTool[] = []
  let cursor: string | undefined
  do {
    const params = cursor ? { cursor } : {}
    const page = await client.request({ method: 'tools/list', params }, LooseToolList, { timeout: timeoutMs })
    for (const [index, entry] of page.tools.entries()) {
      const parsed = ToolSchema.safeParse(entry)
      if (parsed.success) tools.push(parsed.data)
      else
        dropped.push({ tool: entryName(entry, index), why: `it is not a valid MCP tool: ${issueText(parsed.error)}` })
    }
    cursor = page.nextCursor
  } while (cursor)
  const compiled = withOutputValidators(client, tools, dropped)
  return { tools: compiled, dropped }
}

/**
 * The SDK checks a call's structured result against the tool's outputSchema with validators it
 * compiles from the list (listTools did that; the loose read above does not): compiled here one
 * tool at a time, so a schema that does not compile drops only its tool.
 */
function withOutputValidators(client: Client, tools: McpToolInfo[], dropped: DroppedTool[]): McpToolInfo[] {
  const cache = sdkToolCache(client)
  const kept = tools.filter((tool) => {
    try {
      cache([tool])
      return true
    } catch (error) {
      dropped.push({ tool: tool.name, why: `its outputSchema does not compile: ${(error as Error).message}` })
      return false
    }
  })
  cache(kept)
  return kept
}

/**
 * The SDK client's cache of tool metadata (client/index.js, what listTools calls): private in its
 * types, so it is looked up and checked at run time; an SDK without it is a named error.
 */
function sdkToolCache(client: Client): (tools: McpToolInfo[]) => void {
  const method: unknown = Reflect.get(client, 'cacheToolMetadata')
  if (typeof method !== 'function')
    throw new Error(
      'mcp: this @modelcontextprotocol/sdk Client has no cacheToolMetadata() (an SDK update renamed it); ' +
        "update plugins/mcp/server-connection.ts to the SDK's way of caching tool output schemas",
    )
  return (tools) => {
    Reflect.apply(method, client, [tools])
  }
}

function entryName(entry: unknown, index: number): string {
  const name = (entry as { name?: unknown } | null)?.name
  return typeof name === 'string' ? name : `#${index + 1} of the list`
}

/** The first problems zod found, as `path: message` (lib/file-issues.ts's notation). */
function issueText(error: { issues: readonly unknown[] }): string {
  return zodIssuesToFileIssues(error.issues as z.core.$ZodIssue[])
    .slice(0, 3)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ')
}

/** The error's message, plus how a stdio server's process ended when it has. */
function reason(error: unknown, transport: Transport): string {
  const message = error instanceof Error ? error.message : String(error)
  const ending = transport instanceof ServerProcessTransport ? transport.describeEnding() : undefined
  return ending ? `${message} (the process ${ending})` : message
}
