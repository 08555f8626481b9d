// What `dsh prompt` and `dsh chat` share besides the session and the input: the approval flags
// and the wording of an agent's error.
import { UsageError, type OptionValues } from '../command.ts'
import { approvalPolicy, type ApprovalPolicy } from './approval.ts'

export function policyOf(values: OptionValues): ApprovalPolicy {
  const policy = approvalPolicy(values)
  if (policy === 'both') throw new UsageError('--yes and --reject contradict each other: give one of them')
  return policy
}

/** A JSON-RPC error as `message (code N)`, with its data when that is text (dsh's data repeats the message). */
export function describeRequestError(error: unknown): string {
  const { message, code, data } = error as { message?: string; code?: unknown; data?: unknown }
  const detail = typeof data === 'string' ? `: ${data}` : ''
  return `${message ?? String(error)}${typeof code === 'number' ? ` (code ${code})` : ''}${detail}`
}
