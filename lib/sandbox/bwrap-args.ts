// A policy, resolved against the file system, as bubblewrap's command line. Pure. The order of the
// mounts is the policy: the whole system read-only, a private /dev, /proc and /tmp, the writable
// folders bound read-write over it, dsh's own missing files kept from being created, and last the
// denied paths masked, so a deny always wins over a write.

/** A SandboxPolicy after the file system was asked: real paths, what exists, what each mask hides. */
export interface ResolvedPolicy {
  /** Folders under /tmp the command line names (see SandboxPolicy.named): bound read-only into the private /tmp. */
  shown?: string[]
  /** Existing writable folders: bound read-write at the real path, and at the spelling given when it differs. */
  writable: Array<{ real: string; given: string }>
  /** Existing denied paths (real): a folder becomes an empty one nobody may open, a file one nobody may read. */
  masks: Array<{ path: string; kind: 'dir' | 'file' }>
  /** Folders inside a writable one made read-only: one of dsh's own files is missing there and must not be created. */
  readOnly: string[]
  network: boolean
}

/**
 * What a file mask is bound from. A plain bind is `nodev` in bubblewrap (only `--dev-bind` allows
 * devices), so this character device cannot be opened there: reading or writing the masked file
 * fails with "Permission denied", and nothing is created on the host for it.
 */
const FILE_MASK_SOURCE = '/dev/null'

/**
 * The flags before `--`: namespaces for everything (the command's own /proc, no view of dsh's
 * processes), no capabilities even for root, the sandbox killed when dsh dies (`--die-with-parent`)
 * and everything in it killed when the command ends (its own PID namespace).
 */
export function bwrapArgs(policy: ResolvedPolicy, chdir?: string): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp']
  for (const folder of policy.shown ?? []) args.push('--ro-bind', folder, folder)
  for (const { real, given } of policy.writable) {
    args.push('--bind', real, real)
    if (given !== real) args.push('--bind', real, given)
  }
  for (const folder of policy.readOnly) args.push('--ro-bind', folder, folder)
  for (const mask of policy.masks) {
    if (mask.kind === 'dir') args.push('--perms', '0000', '--tmpfs', mask.path, '--remount-ro', mask.path)
    else args.push('--ro-bind', FILE_MASK_SOURCE, mask.path)
  }
  args.push('--setenv', 'TMPDIR', '/tmp', '--unshare-all')
  if (policy.network) args.push('--share-net')
  args.push('--cap-drop', 'ALL', '--die-with-parent')
  if (chdir) args.push('--chdir', chdir)
  return args
}

/** Flags that give the command exactly `env` (a terminal the editor starts brings the editor's own). */
export function bwrapEnvArgs(env: Readonly<Record<string, string>>): string[] {
  return ['--clearenv', ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value])]
}

/** The probe's policy: one folder mask and one file mask (inside the private /tmp), so every flag is tried. */
export const PROBE_POLICY: ResolvedPolicy = {
  writable: [],
  masks: [
    { path: '/tmp/dsh-probe-dir', kind: 'dir' },
    { path: '/tmp/dsh-probe-file', kind: 'file' },
  ],
  readOnly: [],
  network: false,
}
