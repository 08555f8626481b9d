// Which sandbox this machine can give a command, as a named outcome: bubblewrap (Linux), Seatbelt
// (macOS), or why neither can run, with the fix. Pure: detect.ts gathers the facts.

/** The tiers that confine; a scenario may declare that it needs one (its manifest's `sandbox`). */
export const TIER_KINDS = ['bubblewrap', 'seatbelt'] as const
export type TierKind = (typeof TIER_KINDS)[number]

const UNAVAILABLE_REASONS = [
  'no-bwrap',
  'userns-disabled',
  'container',
  'bwrap-failed',
  'no-sandbox-exec',
  'windows',
  'unsupported-platform',
] as const
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number]

export type AvailableTier = { available: true; kind: TierKind /** The launcher's absolute path. */; command: string }
export type UnavailableTier = {
  available: false
  reason: UnavailableReason
  /** What the failed probe said (bwrap's stderr), or the platform. */
  detail?: string
}
export type SandboxTier = AvailableTier | UnavailableTier

/** What a failed bwrap probe and the machine say. */
interface BwrapProbeFacts {
  /** bwrap's stderr from `bwrap … -- true`. */
  stderr: string
  /** Unprivileged user namespaces are switched off by a sysctl (Debian, Ubuntu's AppArmor rule, a zero limit). */
  usernsSysctlOff: boolean
  /** Running as root (bwrap then needs no user namespace). */
  root: boolean
  /** Signs of a container (/.dockerenv, /run/.containerenv, a container= variable of PID 1). */
  container: boolean
}

const USERNS_WORDS = /no permissions to create (a )?new namespace|unprivileged_userns|uid map|user namespace/i
const NOT_PERMITTED = /operation not permitted|permission denied/i

/** Names why bwrap could not start a sandbox here. */
export function classifyBwrapFailure(facts: BwrapProbeFacts): UnavailableTier {
  const detail = lastLine(facts.stderr)
  if (USERNS_WORDS.test(facts.stderr) || (facts.usernsSysctlOff && !facts.root))
    return { available: false, reason: 'userns-disabled', detail }
  if (facts.container && NOT_PERMITTED.test(facts.stderr)) return { available: false, reason: 'container', detail }
  return { available: false, reason: 'bwrap-failed', detail }
}

/** Why a command cannot be confined here, and what to do about it: one sentence each. */
export function unavailableText(tier: UnavailableTier): { why: string; fix: string } {
  const said = tier.detail ? ` (it said: ${tier.detail})` : ''
  switch (tier.reason) {
    case 'no-bwrap':
      return {
        why: 'bubblewrap is not installed (no bwrap on PATH)',
        fix: 'install it: apt-get install bubblewrap (Debian, Ubuntu), dnf install bubblewrap (Fedora)',
      }
    case 'userns-disabled':
      return {
        why: `this kernel does not let bubblewrap create user namespaces${said}`,
        fix:
          'allow them: sysctl kernel.unprivileged_userns_clone=1 (Debian), an AppArmor profile for bwrap or ' +
          'kernel.apparmor_restrict_unprivileged_userns=0 (Ubuntu 23.10+), user.max_user_namespaces > 0',
      }
    case 'container':
      return {
        why: `this container lacks the privileges bubblewrap needs${said}`,
        fix:
          'start the container with namespaces allowed (docker: --security-opt seccomp=unconfined --security-opt ' +
          'apparmor=unconfined), or let the container be the sandbox and set sandbox.mode: off',
      }
    case 'bwrap-failed':
      return { why: `bubblewrap could not start a sandbox${said}`, fix: 'run `dsh doctor` and check what bwrap says' }
    case 'no-sandbox-exec':
      return {
        why: 'this macOS has no /usr/bin/sandbox-exec (Seatbelt)',
        fix: 'run dsh on a macOS that ships sandbox-exec, or set sandbox.mode: off',
      }
    case 'windows':
      return {
        why: 'Windows has no sandbox dsh can use',
        fix: 'run dsh inside WSL 2 with bubblewrap installed, or set sandbox.mode: off',
      }
    case 'unsupported-platform':
      return {
        why: `dsh has no sandbox for ${tier.detail ?? 'this platform'}`,
        fix: 'run dsh on Linux (bubblewrap) or macOS (Seatbelt), or set sandbox.mode: off',
      }
  }
}

/** `bubblewrap (/usr/bin/bwrap)`, or `none: <why>`. */
export function tierLine(tier: SandboxTier): string {
  return tier.available ? `${tier.kind} (${tier.command})` : `none: ${unavailableText(tier).why}`
}

function lastLine(text: string): string | undefined {
  const lines = text.trim().split('\n')
  const last = lines[lines.length - 1]?.trim()
  return last ? last.slice(0, 300) : undefined
}
