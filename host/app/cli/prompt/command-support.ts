// What `dsh prompt` and `dsh chat` share besides the session: the approval flags, the wording
// of an agent's error, and Ctrl-C during a turn.
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

/** SIGINT runs `cancel` once; the second one exits 130 at once. Returns the remover. */
export function onInterrupt(cancel: () => void): () => void {
  let count = 0
  const listener = () => {
    if (++count > 1) process.exit(130)
    cancel()
  }
  process.on('SIGINT', listener)
  return () => process.off('SIGINT', listener)
}
