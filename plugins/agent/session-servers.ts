// The MCP servers of each session (plugins/mcp): checked before the session is created or
// re-attached, connected after, their tools added to the registry's for that session only, every
// failure logged as `mcp/failure`, and closed with the session. Without the mcp plugin in the
// composition, servers a client names are not connected: each is logged as a failure saying so,
// and the session goes on with the built-in tools (clients such as Zed send their servers to every
// agent, so refusing the session would leave the user with no agent at all).
import type { Context } from 'cordis'
import type { McpFailure, McpServerSet, McpServerSpec, McpSessionLaunch } from '../mcp/index.ts'
import type { Tool } from '../tools/types.ts'

/** What the session's turn looks tools up in: the registry's, then the session's MCP tools. */
interface ToolRegistry {
  list(): Tool[]
  get(name: string): Tool | undefined
}

/** Checked servers, or the names of those the composition cannot connect. */
export type ServerRequest = { specs: McpServerSpec[] } | { unsupported: string[] }

const transports = (connected: boolean) => ({ http: connected, sse: connected })

export class SessionServers {
  private readonly sets = new Map<string, McpServerSet>()
  /** Detaches under way (their sets already forgotten). */
  private readonly closing = new Set<Promise<void>>()

  constructor(private readonly ctx: Context) {}

  /** The transports this composition connects: none without the mcp plugin. */
  support(): { http: boolean; sse: boolean } {
    return transports(!!this.ctx.get('mcp'))
  }

  /** Checks a client's `mcpServers` for `cwd`; throws McpServerSpecError (refuse the request). */
  check(raw: unknown, cwd: string): ServerRequest {
    // Looked up once per check (the optional mcp service may come and go): support() would look again.
    const mcp = this.ctx.get('mcp')
    if (mcp) return { specs: mcp.parse(raw, cwd, transports(true)) }
    return { unsupported: Array.isArray(raw) ? raw.map(nameOf) : [] }
  }

  /**
   * Connects the servers for a session, replacing those it had (a session/load or resume brings
   * the client's current list). Failures go to the log through `logFailure`, and are returned.
   * `launch` is asked only when there are servers to start (listing dsh's own files reads the
   * environment and the key folder; most sessions name no server).
   */
  async attach(
    sessionId: string,
    request: ServerRequest,
    cwd: string,
    logFailure: (f: McpFailure) => void,
    launch?: () => McpSessionLaunch,
  ) {
    await this.detach(sessionId)
    let failures: McpFailure[]
    if ('unsupported' in request) {
      failures = request.unsupported.map((server) => ({
        server,
        message:
          `MCP server "${server}" is not connected: this dsh composition has no mcp plugin ` +
          '(add `- id: mcp` with `name: ./plugins/mcp` to cordis.yml)',
      }))
    } else if (request.specs.length === 0) {
      failures = []
    } else {
      const set = await this.ctx.mcp.connect(request.specs, cwd, launch?.())
      this.sets.set(sessionId, set)
      failures = set.failures
      // A server that dies or times out during a call later: logged too, nothing about it is lost.
      set.onFailure(logFailure)
    }
    for (const failure of failures) logFailure(failure)
    return failures
  }

  /** The session's MCP tools (none when it has no servers). */
  toolsOf(sessionId: string): readonly Tool[] {
    return this.sets.get(sessionId)?.tools ?? []
  }

  /** An MCP tool of any session by its name (the name carries the server: titles for the editor). */
  findTool(name: string): Tool | undefined {
    for (const set of this.sets.values()) {
      const tool = set.tools.find((candidate) => candidate.name === name)
      if (tool) return tool
    }
    return undefined
  }

  /** The registry's tools, then the session's MCP tools; looked up at each use. */
  registryFor(sessionId: string, base: () => ToolRegistry): ToolRegistry {
    return {
      list: () => [...base().list(), ...this.toolsOf(sessionId)],
      get: (name) => base().get(name) ?? this.toolsOf(sessionId).find((tool) => tool.name === name),
    }
  }

  /** Ends the session's servers (stdio servers with their process groups). */
  async detach(sessionId: string): Promise<void> {
    const set = this.sets.get(sessionId)
    if (!set) return
    this.sets.delete(sessionId)
    const closing = set.close().finally(() => this.closing.delete(closing))
    this.closing.add(closing)
    await closing
  }

  /**
   * Ends every session's servers, and waits for those already ending: a client that went away
   * starts a detach nobody awaits, and a scope left meanwhile must not return before it is done.
   */
  async detachAll(): Promise<void> {
    await Promise.all([...this.sets.keys()].map((id) => this.detach(id)))
    await Promise.allSettled([...this.closing])
  }
}

function nameOf(entry: unknown, index: number): string {
  const name = (entry as { name?: unknown } | null)?.name
  return typeof name === 'string' && name ? name : `mcpServers[${index}]`
}
