// The environment a bash command sees: only allowlisted variables from the agent's own
// environment (never a key variable, even allowlisted by mistake), plus a HOME that points at the cwd.
import { isKeyVariable } from '../llm/keys.ts'

/**
 * HOME is the cwd unless HOME itself is allowlisted: `~` and tools that write dotfiles
 * then stay inside the workspace, and outputs do not depend on the host user.
 */
export function buildShellEnv(
  parent: NodeJS.ProcessEnv,
  allowlist: readonly string[],
  cwd: string,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of allowlist) {
    const value = parent[name]
    if (value !== undefined && !isKeyVariable(name)) env[name] = value
  }
  if (!allowlist.includes('HOME') || env.HOME === undefined) env.HOME = cwd
  return env
}
