// How the runner answers session/request_permission (pure): like a user who always allows,
// or always rejects, preferring the one-time option so nothing is remembered between calls.
import type * as acp from '@agentclientprotocol/sdk'
import type { PermissionMode } from './case-schema.ts'

const PREFERENCE: Record<PermissionMode, acp.PermissionOptionKind[]> = {
  'approve-all': ['allow_once', 'allow_always'],
  'deny-all': ['reject_once', 'reject_always'],
}

/** The response, and the kind chosen ("cancelled" when the agent offered no option of the mode's kinds). */
export function answerPermission(
  mode: PermissionMode,
  options: readonly acp.PermissionOption[],
): { response: acp.RequestPermissionResponse; answer: string } {
  for (const kind of PREFERENCE[mode]) {
    const option = options.find((o) => o.kind === kind)
    if (option) return { response: { outcome: { outcome: 'selected', optionId: option.optionId } }, answer: kind }
  }
  return { response: { outcome: { outcome: 'cancelled' } }, answer: 'cancelled' }
}
