// The `tools` plugin's configuration (validated by Cordis through zod's Standard Schema).
import { z } from 'zod'
import { isKeyVariable } from '../llm/keys.ts'
import { ownProtectedPaths, sandboxConfigSchema } from '../../lib/sandbox/config.ts'
import { defaultSessionsRoot } from '../session/default-root.ts'

/** Built-in tools in their canonical registration order (which is also the schema order). */
export const BUILTIN_TOOL_NAMES = [
  'bash',
  'read_file',
  'write_file',
  'edit_file',
  'list_dir',
  'todo',
  'ask_user',
] as const
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number]

// DSH_CONFORMANCE_CASE is set only by `dsh conformance`: a tag, not a secret, that lets the runner
// find a daemon a command left running (docs/conformance.md, "Leftover processes").
const DEFAULT_ENV_ALLOWLIST = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TERM', 'DSH_CONFORMANCE_CASE']

// Strict: a misspelt key (`timeoutMS`) is an error naming it, not silently ignored.
const BashConfig = z.strictObject({
  timeoutMs: z.number().int().positive().default(30_000),
  maxOutputBytes: z.number().int().positive().default(16_384),
  /** How long a process group gets between SIGTERM and SIGKILL. */
  killGraceMs: z.number().int().nonnegative().default(2_000),
  envAllowlist: z
    .array(z.string().min(1))
    .default(DEFAULT_ENV_ALLOWLIST)
    .refine((names) => !names.some(isKeyVariable), {
      message: "must not contain the agent's own secrets (a key variable: a name ending _API_KEY or _KEY_FILE)",
    }),
})

export const ToolsConfig = z
  .strictObject({
    /** Which built-ins to register; a set: registration follows BUILTIN_TOOL_NAMES order. */
    enabled: z
      .array(z.enum(BUILTIN_TOOL_NAMES))
      .default([...BUILTIN_TOOL_NAMES])
      .refine((names) => new Set(names).size === names.length, { message: 'lists a tool twice' }),
    // `prefault` (not `default`) so the nested defaults are applied to a missing section.
    bash: BashConfig.prefault({}),
    /** How bash commands are confined (docs/sandbox.md): default preferred, no network. */
    sandbox: sandboxConfigSchema({ network: false }, () => ownProtectedPaths(defaultSessionsRoot())),
    /** Largest slice of a file read_file returns (and of a list_dir listing, and of a diff shown to the editor). */
    readMaxBytes: z.number().int().positive().default(65_536),
  })
  .prefault({})

export type ToolsConfig = z.output<typeof ToolsConfig>
/** What a composition may write: every field is optional. */
export type ToolsConfigInput = z.input<typeof ToolsConfig>
export type BashConfig = ToolsConfig['bash']
export type { SandboxConfig } from '../../lib/sandbox/config.ts'
