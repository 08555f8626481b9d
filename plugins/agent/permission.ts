// Approval policy: which calls need asking, which options are offered, what an answer means.
import type { PermissionKind, PermissionOptionRecord, PermissionOutcomeRecord } from '../session/events.ts'

/** Option ids equal their kinds, so transcripts stay stable across runs. */
export const PERMISSION_OPTIONS: PermissionOptionRecord[] = [
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  { optionId: 'reject_always', name: 'Always reject', kind: 'reject_always' },
]

export type Decision = 'run' | 'reject' | 'cancel'

export function decide(outcome: PermissionOutcomeRecord): Decision {
  if (outcome.outcome === 'cancelled') return 'cancel'
  return outcome.kind.startsWith('allow') ? 'run' : 'reject'
}

/** Map a client's `selected` answer back to the option it chose; an unknown id is a protocol error. */
export function outcomeFromOptionId(optionId: string): PermissionOutcomeRecord {
  const option = PERMISSION_OPTIONS.find((o) => o.optionId === optionId)
  if (!option)
    throw new Error(
      `the client selected unknown permission option "${optionId}" (offered: ` +
        `${PERMISSION_OPTIONS.map((o) => o.optionId).join(', ')})`,
    )
  return { outcome: 'selected', optionId, kind: option.kind }
}

/** Remembered per session and tool name: `allow_always` / `reject_always` answers. */
export type StandingDecision = Extract<PermissionKind, 'allow_always' | 'reject_always'>
