// The `sandbox` section of a config entry (the `tools` entry for bash, the `mcp` entry for MCP
// stdio servers): how commands are confined, checked when the composition starts so a bad policy
// is an error naming its config line, never a weaker sandbox (docs/sandbox.md).
import { z } from 'zod'
import { keyPaths } from '../key-file-path.ts'
import { relativeInside } from '../path-inside.ts'
import { expandHome } from './policy.ts'

const SANDBOX_MODES = ['required', 'preferred', 'off'] as const
export type SandboxMode = (typeof SANDBOX_MODES)[number]

/** Where credentials usually live; the sandbox hides them (plus dsh's own key and session logs). */
const DEFAULT_DENY_READ = [
  '~/.ssh',
  '~/.aws',
  '~/.azure',
  '~/.config/gcloud',
  '~/.config/gh',
  '~/.gnupg',
  '~/.netrc',
  '~/.git-credentials',
  '~/.docker',
  '~/.kube',
  '~/.npmrc',
  '~/.pypirc',
  '~/.cargo/credentials.toml',
  '~/.password-store',
]

/** A folder dsh keeps from every command whatever the policy says (its key, its session logs). */
interface ProtectedPath {
  path: string
  /** How messages name it: "dsh's key folder". */
  what: string
}

/**
 * dsh's own files a sandbox must never make writable: the sessions root the caller names (the
 * default one, when a config is checked; a composition that moves it still has the real one hidden
 * at run time) and the key paths this environment names.
 */
export function ownProtectedPaths(sessionsRoot: string, env: NodeJS.ProcessEnv = process.env): ProtectedPath[] {
  const [folder, ...files] = keyPaths(env, [])
  return [
    { path: sessionsRoot, what: "dsh's session log folder" },
    { path: folder!, what: "dsh's key folder" },
    ...files.map((file) => ({ path: file, what: "dsh's key file" })),
  ]
}

const absoluteOrHome = z.string().refine((value) => value.startsWith('/') || value.startsWith('~/'), {
  error: (issue) =>
    `${JSON.stringify(issue.input)} is relative; write an absolute path or one starting with ~/ (a relative ` +
    'path would name a different place in every session)',
})

/**
 * The schema of a `sandbox` section. `network` defaults differ: bash starts without network, an
 * MCP server with it (most need it). `protectedPaths` is read when a config is checked: an
 * `allowWrite` entry that is, lies inside or contains one of them is refused, naming both.
 */
export function sandboxConfigSchema(
  defaults: { network: boolean; allowWrite?: readonly string[] },
  protectedPaths: () => readonly ProtectedPath[],
) {
  return z
    .strictObject({
      /** required: refuse to run unconfined; preferred: confine where possible, say so where not; off: never. */
      mode: z.enum(SANDBOX_MODES).default('preferred'),
      /** Paths no command may read (absolute or ~/…); dsh's key and session logs are always added. */
      denyRead: z.array(absoluteOrHome).default(DEFAULT_DENY_READ),
      /** Folders a command may write besides the session's cwd, its additional directories and a private temp. */
      allowWrite: z.array(absoluteOrHome).default([...(defaults.allowWrite ?? [])]),
      /** Whether a confined command may use the network (coarse: all or nothing). */
      network: z.boolean().default(defaults.network),
    })
    .superRefine((config, context) => {
      config.allowWrite.forEach((entry, index) => {
        const problem = writeProblem(expandHome(entry), protectedPaths())
        if (problem) context.addIssue({ code: 'custom', path: ['allowWrite', index], message: problem })
      })
    })
    .prefault({})
}

export type SandboxConfig = z.output<ReturnType<typeof sandboxConfigSchema>>

/** Why a writable folder would expose dsh's own files, or undefined when it does not. */
function writeProblem(folder: string, protectedPaths: readonly ProtectedPath[]): string | undefined {
  for (const { path, what } of protectedPaths) {
    if (relativeInside(path, folder) !== undefined)
      return (
        `${JSON.stringify(folder)} is ${folder === path ? '' : 'inside '}${what} (${path}); a command may never ` +
        'write there'
      )
    if (relativeInside(folder, path) !== undefined)
      return (
        `${JSON.stringify(folder)} contains ${what} (${path}); a command may never write there: name a folder ` +
        'that does not hold it'
      )
  }
  return undefined
}
