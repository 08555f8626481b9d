// How the runner answers session/request_permission (pure): like a user who always allows,
// or always rejects, preferring the one-time option so nothing is remembered between calls.
import type * as acp from '@agentclientprotocol/sdk'
import { preferredOption } from '../../lib/permission-choice.ts'
import type { PermissionMode } from './case-schema.ts'

/** The response, and the kind chosen ("cancelled" when the agent offered no option of the mode's kinds). */
export function answerPermission(
  mode: PermissionMode,
  options: readonly acp.PermissionOption[],
): { response: acp.RequestPermissionResponse; answer: string } {
  const option = preferredOption(options, mode === 'approve-all' ? 'allow' : 'reject')
  if (!option) return { response: { outcome: { outcome: 'cancelled' } }, answer: 'cancelled' }
  return { response: { outcome: { outcome: 'selected', optionId: option.optionId } }, answer: option.kind }
}
