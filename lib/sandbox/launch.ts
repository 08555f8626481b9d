// The program line that runs a command confined by this machine's tier: bubblewrap with the
// policy's mounts, or Seatbelt's sandbox-exec with its profile and a private temp folder.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bwrapArgs, bwrapEnvArgs } from './bwrap-args.ts'
import type { SandboxPolicy } from './policy.ts'
import { resolveForBwrap, resolveForSeatbelt } from './resolve.ts'
import { seatbeltProfile } from './seatbelt-profile.ts'
import type { AvailableTier } from './tier.ts'

export interface SandboxLaunch {
  /** The launcher and its arguments, the command last. */
  file: string
  args: string[]
  /** Variables the command needs besides its own (Seatbelt's private TMPDIR). */
  env: Record<string, string>
  /**
   * Whether everything the command starts dies with it, escapees included (bubblewrap: a PID
   * namespace, and `--die-with-parent` when dsh dies). Where not, the caller keeps its own
   * lifeline and marker sweep.
   */
  killsEscapes: boolean
  /** Removes what the launch made (Seatbelt's private temp folder); safe to call twice. */
  cleanup(): void
}

/** Whether this tier's sandbox ends everything a command started when the command or dsh ends. */
export const killsEscapes = (tier: AvailableTier): boolean => tier.kind === 'bubblewrap'

/**
 * `command` (program and arguments) run in `cwd` under `policy`. With `env`, the command gets that
 * environment and nothing else, whatever the launcher inherits (an editor's terminal).
 */
export function confine(
  tier: AvailableTier,
  policy: SandboxPolicy,
  cwd: string,
  command: readonly string[],
  env?: Readonly<Record<string, string>>,
): SandboxLaunch {
  if (tier.kind === 'bubblewrap') {
    // The real path, as a process spawned in `cwd` outside sees it (getcwd() resolves symlinks).
    const args = [...bwrapArgs(resolveForBwrap(policy), realpathSync(cwd)), ...(env ? bwrapEnvArgs(env) : [])]
    return {
      file: tier.command,
      args: [...args, '--', ...command],
      env: {},
      killsEscapes: killsEscapes(tier),
      cleanup: () => {},
    }
  }
  const temp = mkdtempSync(path.join(realpathSync(tmpdir()), 'dsh-sandbox-'))
  const profile = seatbeltProfile(resolveForSeatbelt(policy, temp))
  const scrubbed = env
    ? ['/usr/bin/env', '-i', ...Object.entries({ ...env, TMPDIR: temp }).map(([name, value]) => `${name}=${value}`)]
    : []
  return {
    file: tier.command,
    args: ['-p', profile, ...scrubbed, ...command],
    env: { TMPDIR: temp },
    killsEscapes: killsEscapes(tier),
    cleanup: () => rmSync(temp, { recursive: true, force: true }),
  }
}
