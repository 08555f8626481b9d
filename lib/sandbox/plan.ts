// Whether one command runs confined, unconfined or not at all: the mode of its config, this
// machine's tier, and whether the agent asked to rerun it outside the sandbox. Pure.
import type { SandboxMode } from './config.ts'
import type { AvailableTier, SandboxTier, UnavailableTier } from './tier.ts'

export type SandboxPlan =
  | { run: 'sandboxed'; tier: AvailableTier }
  /** off: the config says so; escalated: the user approved a rerun outside; unavailable: preferred, no tier here. */
  | { run: 'unsandboxed'; why: 'off' }
  | { run: 'unsandboxed'; why: 'escalated' }
  | { run: 'unsandboxed'; why: 'unavailable'; tier: UnavailableTier }
  /** required, and no tier here; or required, and the agent asked for an unconfined rerun. */
  | { run: 'refused'; why: 'unavailable'; tier: UnavailableTier }
  | { run: 'refused'; why: 'escalation-required' }

/** `tier` may be left out (not even looked for) only when the mode is off. */
export function planRun(mode: SandboxMode, tier: SandboxTier | undefined, escalate = false): SandboxPlan {
  if (mode === 'off') return { run: 'unsandboxed', why: 'off' }
  if (!tier) throw new Error(`sandbox.mode ${mode} needs this machine's tier`)
  if (escalate && mode === 'required') return { run: 'refused', why: 'escalation-required' }
  if (!tier.available)
    return mode === 'required'
      ? { run: 'refused', why: 'unavailable', tier }
      : { run: 'unsandboxed', why: 'unavailable', tier }
  return escalate ? { run: 'unsandboxed', why: 'escalated' } : { run: 'sandboxed', tier }
}
