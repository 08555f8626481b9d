// What people and the log are told about a command's sandbox: the note an approval question ends
// with, the record a session log keeps, a refusal, and the hint after a failure the sandbox may
// have caused. Pure. The note that depends on this machine (its tier) has one recognisable shape,
// ` [sandbox: …]`, so a test host can write it as a token: goldens then read the same on a machine
// with a sandbox and one without (docs/sandbox.md, "Scenarios").
import { plural } from '../plural.ts'
import type { SandboxMode } from './config.ts'
import type { SandboxPlan } from './plan.ts'
import type { SandboxPolicy } from './policy.ts'
import { type TierKind, type UnavailableReason, unavailableText } from './tier.ts'

/** Who ran under the policy: a bash call, or an MCP stdio server. */
type SandboxSubject = 'bash' | 'mcp-server'

/** What a session log records about the sandbox a command ran under (`tool/result`, `mcp/server`). */
export interface SandboxRecord {
  subject: SandboxSubject
  mode: SandboxMode
  run: SandboxPlan['run']
  tier?: TierKind
  why?: 'off' | 'escalated' | 'escalation-required' | UnavailableReason
  /** The policy, when the command ran confined. */
  writable?: string[]
  denyRead?: string[]
  network?: boolean
}

export function sandboxRecord(
  subject: SandboxSubject,
  mode: SandboxMode,
  plan: SandboxPlan,
  policy: SandboxPolicy,
): SandboxRecord {
  if (plan.run === 'sandboxed') {
    const { writable, denyRead, network } = policy
    return { subject, mode, run: plan.run, tier: plan.tier.kind, writable, denyRead, network }
  }
  const why = 'tier' in plan ? plan.tier.reason : plan.why
  return { subject, mode, run: plan.run, why }
}

/** The note that ends this machine's approval question: ` [sandbox: …]` (or the rerun's own note). */
export function approvalNote(plan: SandboxPlan, policy: SandboxPolicy, entry: string): string {
  if (plan.run === 'sandboxed') return ` [sandbox: ${plan.tier.kind}; ${reach(policy)}]`
  if (plan.run === 'refused') return ` [sandbox: required, and this command will be refused]`
  if (plan.why === 'escalated')
    return ' [UNSANDBOXED RERUN asked by the agent: this command runs outside the sandbox, with your whole account]'
  if (plan.why === 'off')
    return ` [sandbox: off (${entry} entry, sandbox.mode: off); the command runs UNSANDBOXED, with your whole account]`
  const { why } = unavailableText(plan.tier)
  return ` [sandbox: none here, so the command runs UNSANDBOXED, with your whole account: ${why}]`
}

/** `writes only the working directory and a private /tmp; no network; …` */
export function reach(policy: SandboxPolicy): string {
  const more = policy.writable.length - 1
  const writes = more > 0 ? `the working directory, ${plural(more, 'more folder')}` : 'the working directory'
  const denied = policy.denyRead.length - policy.protect.length
  return (
    `writes only ${writes} and a private /tmp; ${policy.network ? 'network on' : 'no network'}; ` +
    `dsh's key, its session logs and ${plural(denied, 'private path')} hidden`
  )
}

/** A machine-dependent approval note: the test host writes it as ` [sandbox: {{sandbox}}]`. */
const NOTE_AT_END = / \[sandbox: [^\]\n]*\]$/

export function collapseSandboxNote(text: string): string {
  return text.endsWith(']') ? text.replace(NOTE_AT_END, ' [sandbox: {{sandbox}}]') : text
}

/** The whole result of a refused call: why, and what to do. */
export function refusalText(plan: Extract<SandboxPlan, { run: 'refused' }>, entry: string): string {
  if (plan.why === 'escalation-required')
    return (
      `Refused: the sandbox is required here (${entry} entry, sandbox.mode: required), so no command runs outside ` +
      'it. Change the command so it stays inside the sandbox, or ask the user to change sandbox.mode.'
    )
  const { why, fix } = unavailableText(plan.tier)
  return (
    `Refused: the sandbox is required (${entry} entry, sandbox.mode: required), and it cannot run on this machine: ` +
    `${why}. To fix it: ${fix}; or set sandbox.mode to preferred (run unconfined, saying so) or off.`
  )
}

const WRITE_SYMPTOMS = /Read-only file system|Permission denied|EROFS|EACCES|EPERM/
const NETWORK_SYMPTOMS = new RegExp(
  [
    'Network is unreachable',
    'Could not resolve host',
    "Couldn't connect to server",
    'Failed to connect',
    'Temporary failure in name resolution',
    'Name or service not known',
    'Connection refused',
    'ENETUNREACH|EAI_AGAIN|ENOTFOUND|ECONNREFUSED',
  ].join('|'),
)

/** The line after a confined command's failure that looks like the sandbox's doing, else undefined. */
export function escalationHint(output: string, policy: SandboxPolicy, mode: SandboxMode): string | undefined {
  const network = !policy.network && NETWORK_SYMPTOMS.test(output)
  if (!network && !WRITE_SYMPTOMS.test(output)) return undefined
  const folders = policy.writable.length > 1 ? 'the working directory, its other folders' : 'the working directory'
  const limits = `it writes only ${folders} and a private /tmp${policy.network ? '' : ', and has no network'}`
  return mode === 'required'
    ? `[the sandbox may have caused this: ${limits}; sandbox.mode is required here, so it cannot run outside]`
    : `[the sandbox may have caused this: ${limits}. If the command needs more, call bash again with the same ` +
        'command and "unsandboxed": true; the user is asked separately]'
}
