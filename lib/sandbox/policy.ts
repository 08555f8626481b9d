// What a confined command may touch, as plain data: the folders it may write, the paths it may
// not read, whether it has the network. Built from the config and the session (cwd, additional
// directories, dsh's own files); pure, so the approval, the log and every launcher read one thing.
import { homedir } from 'node:os'
import path from 'node:path'

export interface SandboxPolicy {
  /** Folders the command may write (absolute): the cwd, the session's additional directories, `allowWrite`. */
  writable: string[]
  /** Paths it may not read (absolute): dsh's own files first, then the deny list. */
  denyRead: string[]
  /** dsh's own files (a prefix of denyRead): also kept from being created inside a writable folder. */
  protect: string[]
  network: boolean
  /**
   * Files a command line names (an MCP server's script): their folders are shown read-only even where
   * the sandbox hides the place they are in (its private /tmp is empty).
   */
  named?: string[]
}

/** `~/x` → `<home>/x`; other paths unchanged. `~` is the user's real home, not the HOME a command gets. */
export function expandHome(value: string, home: string = homedir()): string {
  if (value === '~') return home
  return value.startsWith('~/') ? path.join(home, value.slice(2)) : value
}

interface PolicyInput {
  config: { denyRead: readonly string[]; allowWrite: readonly string[]; network: boolean }
  /** The session's cwd (absolute). */
  cwd: string
  /** The session's additional directories (absolute), when the client gave any. */
  additionalDirectories?: readonly string[]
  /** dsh's own files: the sessions root and the key paths (plugins/agent/own-files.ts). */
  hidden?: readonly string[]
  home?: string
}

export function buildPolicy(input: PolicyInput): SandboxPolicy {
  const home = input.home ?? homedir()
  const protect = unique((input.hidden ?? []).map((p) => path.resolve(p)))
  const allowed = input.config.allowWrite.map((p) => expandHome(p, home))
  const writable = unique([input.cwd, ...(input.additionalDirectories ?? []), ...allowed].map((p) => path.resolve(p)))
  const denied = input.config.denyRead.map((p) => path.resolve(expandHome(p, home)))
  return { writable, denyRead: unique([...protect, ...denied]), protect, network: input.config.network }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}
