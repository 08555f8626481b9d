// The sandbox of a stdio MCP server: its own policy entry (the mcp entry's `sandbox`: network on
// by default, since most servers need it), the session's cwd writable, dsh's own files and the
// deny list hidden. The plan is made once per server start; its record goes to the session log as
// `mcp/server`, told apart from bash's by its subject (docs/sandbox.md).
import path from 'node:path'
import { ownProtectedPaths, type SandboxConfig, sandboxConfigSchema } from '../../lib/sandbox/config.ts'
import { detectSandbox } from '../../lib/sandbox/detect.ts'
import { refusalText, type SandboxRecord, sandboxRecord } from '../../lib/sandbox/describe.ts'
import { confine, type SandboxLaunch } from '../../lib/sandbox/launch.ts'
import { planRun } from '../../lib/sandbox/plan.ts'
import { buildPolicy } from '../../lib/sandbox/policy.ts'
import type { SandboxTier } from '../../lib/sandbox/tier.ts'
import { defaultSessionsRoot } from '../session/default-root.ts'

/** Where messages say the policy is written. */
const MCP_SANDBOX_ENTRY = 'mcp'

/** The mcp entry's `sandbox`: like bash's, but with the network on and npm's and the XDG caches writable. */
export const McpSandboxConfig = sandboxConfigSchema({ network: true, allowWrite: ['~/.npm', '~/.cache'] }, () =>
  ownProtectedPaths(defaultSessionsRoot()),
)

/** What a session gives its servers' sandboxes. */
export interface ServerLaunchOptions {
  sandbox: SandboxConfig
  /** dsh's own files (the sessions root, the key paths): hidden from every server. */
  hidden: readonly string[]
  /** Hears each stdio server's sandbox as it is started (the agent logs it). */
  onSandbox?(server: string, record: SandboxRecord): void
  detect?: () => Promise<SandboxTier>
}

/** How one server starts: confined by `confine`, unconfined (watched by the lifeline and a marker), or refused. */
type ServerLaunchPlan = { confine?: (argv: readonly string[]) => SandboxLaunch } | { refused: string }

export async function planServerLaunch(
  server: { name: string; command: string; args: readonly string[] },
  cwd: string,
  options: ServerLaunchOptions | undefined,
): Promise<ServerLaunchPlan> {
  if (!options) return {}
  const { sandbox: config } = options
  // The files its command line names (its script, when it lives under /tmp) stay readable.
  const named = [server.command, ...server.args].map((arg) => path.resolve(cwd, arg))
  const policy = { ...buildPolicy({ config, cwd, hidden: options.hidden }), named }
  const tier = config.mode === 'off' ? undefined : await (options.detect ?? detectSandbox)()
  const plan = planRun(config.mode, tier)
  options.onSandbox?.(server.name, sandboxRecord('mcp-server', config.mode, plan, policy))
  if (plan.run === 'refused') return { refused: refusalText(plan, MCP_SANDBOX_ENTRY) }
  if (plan.run === 'unsandboxed') return {}
  return { confine: (argv) => confine(plan.tier, policy, cwd, argv) }
}
