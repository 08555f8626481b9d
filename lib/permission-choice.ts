// Which of an agent's permission options stands for a plain "allow" or "reject" (pure): the
// one-time option first, so nothing is remembered between calls, else the lasting one.
import type { PermissionOption, PermissionOptionKind } from '@agentclientprotocol/sdk'

const PREFERENCE: Record<'allow' | 'reject', PermissionOptionKind[]> = {
  allow: ['allow_once', 'allow_always'],
  reject: ['reject_once', 'reject_always'],
}

/** The option to select for `intent`; undefined when the agent offered none of its kinds. */
export function preferredOption(
  options: readonly PermissionOption[],
  intent: 'allow' | 'reject',
): PermissionOption | undefined {
  for (const kind of PREFERENCE[intent]) {
    const option = options.find((candidate) => candidate.kind === kind)
    if (option) return option
  }
  return undefined
}
