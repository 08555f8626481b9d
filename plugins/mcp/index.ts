// The `mcp` service: connects the MCP servers a client names in session/new, load or resume, and
// turns their tools into dsh tools for that session (README.md). Whatever is still open when the
// plugin is disposed is closed then, stdio servers with their whole process group.
import { type Context, Service } from 'cordis'
import { z } from 'zod'
import type { SandboxRecord } from '../../lib/sandbox/describe.ts'
import type { McpTimeouts } from './server-connection.ts'
import { McpSandboxConfig } from './server-sandbox.ts'
import type { McpServerSet } from './server-set.ts'
import { type McpServerSpec, type McpTransportSupport, parseServerSpecs } from './server-specs.ts'

export { McpServerSpecError, type McpServerSpec, type McpTransportSupport } from './server-specs.ts'
export type { McpServerSet, McpFailure } from './server-set.ts'
export { MCP_TOOL_PREFIX, mcpToolName } from './tool-names.ts'

declare module 'cordis' {
  interface Context {
    mcp: McpService
  }
}

const ms = (fallback: number) => z.int().min(1).max(600_000).default(fallback)

export const McpConfig = z
  .strictObject({
    /** How long a server gets to answer `initialize`. */
    initializeTimeoutMs: ms(10_000),
    /** How long a server gets to answer `tools/list` (each page). */
    listToolsTimeoutMs: ms(10_000),
    /** How long one tool call may take. */
    callTimeoutMs: ms(120_000),
    /** Grace after stdin closes, and again after SIGTERM, before a stdio server's group is killed. */
    killGraceMs: ms(2_000),
    /** Bytes of one tool result the model and the log get; the middle of a longer one is cut, as for bash. */
    maxOutputBytes: z
      .int()
      .min(1_024)
      .max(16 * 1024 * 1024)
      .default(16_384),
    /** How stdio servers are confined (docs/sandbox.md): default preferred, with the network. */
    sandbox: McpSandboxConfig,
  })
  .prefault({})
export type McpConfig = z.output<typeof McpConfig>

/** What a session gives the sandboxes of its servers. */
export interface McpSessionLaunch {
  /** dsh's own files (the sessions root, the key paths): no server may read or write them. */
  hidden?: readonly string[]
  /** Hears each stdio server's sandbox as it starts (the agent logs it as `mcp/server`). */
  onSandbox?(server: string, record: SandboxRecord): void
}

export class McpService extends Service {
  static readonly provide = 'mcp'
  static readonly Config = McpConfig
  private readonly open = new Set<McpServerSet>()
  private readonly timeouts: McpTimeouts
  private readonly maxOutputBytes: number
  private disposed = false

  constructor(
    ctx: Context,
    private readonly config: McpConfig,
  ) {
    super(ctx, 'mcp')
    this.timeouts = {
      initializeMs: config.initializeTimeoutMs,
      listToolsMs: config.listToolsTimeoutMs,
      callMs: config.callTimeoutMs,
      killGraceMs: config.killGraceMs,
    }
    this.maxOutputBytes = config.maxOutputBytes
  }

  *[Service.init]() {
    yield () => {
      this.disposed = true
      return Promise.all([...this.open].map((set) => set.close())).then(() => undefined)
    }
  }

  /** Checks a client's `mcpServers`; throws McpServerSpecError (a -32602 for the request). */
  parse(raw: unknown, cwd: string, support: McpTransportSupport): McpServerSpec[] {
    return parseServerSpecs(raw, cwd, support)
  }

  /**
   * Connects the servers; failures are in the set's `failures`, never thrown. `session` gives their
   * sandboxes dsh's own files to hide and hears what each stdio server was started under.
   */
  async connect(specs: readonly McpServerSpec[], cwd: string, session: McpSessionLaunch = {}): Promise<McpServerSet> {
    // The SDK client loads with the first session that names a server: a dsh start pays nothing for it.
    const { McpServerSet: ServerSet } = await import('./server-set.ts')
    const launch = { sandbox: this.config.sandbox, hidden: session.hidden ?? [], onSandbox: session.onSandbox }
    const limits = { maxOutputBytes: this.maxOutputBytes }
    const set = await ServerSet.open(specs, cwd, this.timeouts, (closed) => this.open.delete(closed), limits, launch)
    if (this.disposed) {
      // The plugin went away while the servers started: nobody else will ever close them.
      await set.close()
      throw new Error('the mcp plugin was disposed while MCP servers were starting')
    }
    this.open.add(set)
    return set
  }
}

export const name = 'mcp'
export default McpService
