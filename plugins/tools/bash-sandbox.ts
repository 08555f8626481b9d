// The sandbox side of a bash call: the policy the session gives it, the plan for this machine
// (confined, unconfined and why, or refused), and the confined run itself (docs/sandbox.md).
import type { SandboxConfig } from '../../lib/sandbox/config.ts'
import { detectSandbox } from '../../lib/sandbox/detect.ts'
import { type SandboxRecord, sandboxRecord } from '../../lib/sandbox/describe.ts'
import { watchLifeline } from '../../lib/process/lifeline.ts'
import { confine } from '../../lib/sandbox/launch.ts'
import { planRun, type SandboxPlan } from '../../lib/sandbox/plan.ts'
import { buildPolicy, type SandboxPolicy } from '../../lib/sandbox/policy.ts'
import type { AvailableTier, SandboxTier } from '../../lib/sandbox/tier.ts'
import type { ApprovalContext } from './types.ts'

/** The `sandbox` config of the tools entry, and (for tests) another way to find the machine's tier. */
export interface BashSandbox {
  config: SandboxConfig
  detect?: (PATH: string | undefined) => Promise<SandboxTier>
}

interface BashSandboxPlan {
  plan: SandboxPlan
  policy: SandboxPolicy
  /** What the session log keeps; absent when the tool was built without a sandbox config. */
  record?: SandboxRecord
}

/** Where the config of a bash call's sandbox is written, for messages. */
export const BASH_SANDBOX_ENTRY = 'tools'

export async function planBash(
  sandbox: BashSandbox | undefined,
  context: ApprovalContext,
  escalate: boolean,
  PATH: string | undefined,
): Promise<BashSandboxPlan> {
  const config = sandbox?.config
  const policy = buildPolicy({
    config: config ?? { denyRead: [], allowWrite: [], network: true },
    cwd: context.cwd,
    additionalDirectories: context.additionalDirectories,
    hidden: context.hidden,
  })
  if (!config || config.mode === 'off') {
    const plan: SandboxPlan = { run: 'unsandboxed', why: 'off' }
    return { plan, policy, ...(config ? { record: sandboxRecord('bash', 'off', plan, policy) } : {}) }
  }
  const tier = await (sandbox.detect ?? ((path) => detectSandbox({ PATH: path })))(PATH)
  const plan = planRun(config.mode, tier, escalate)
  return { plan, policy, record: sandboxRecord('bash', config.mode, plan, policy) }
}

/**
 * The spawn for a confined bash: a POSIX sh that points stderr at the stdout pipe, so the
 * launcher's own complaints reach the output too, then execs the launcher in place (same pid, same
 * process group) with `inner` as its command. Where the sandbox ends everything in it (bubblewrap),
 * the sh first leaves the lifeline's watcher (fd 3) in the group: bwrap arms its parent-death
 * signal only after it has forked, so a dsh killed before that would leave the command running.
 * Elsewhere `inner` carries its own watcher.
 */
export function confinedSpawn(
  tier: AvailableTier,
  policy: SandboxPolicy,
  cwd: string,
  inner: readonly string[],
): { file: string; args: string[] } & Pick<ReturnType<typeof confine>, 'env' | 'killsEscapes' | 'cleanup'> {
  const launch = confine(tier, policy, cwd, inner)
  const watch = launch.killsEscapes ? watchLifeline() : ''
  return {
    file: '/bin/sh',
    args: ['-c', `exec 2>&1; ${watch}exec "$0" "$@"`, launch.file, ...launch.args],
    env: launch.env,
    killsEscapes: launch.killsEscapes,
    cleanup: launch.cleanup,
  }
}
