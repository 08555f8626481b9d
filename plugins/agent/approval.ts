// Whether a call runs: the tool's need, the session's remembered answers, its mode, then the user.
import { randomUUID } from 'node:crypto'
import type { ToolCall } from '../llm/types.ts'
import type { PermissionOutcomeRecord } from '../session/events.ts'
import type { Tool } from '../tools/types.ts'
import { modeApproves } from './modes.ts'
import { type Decision, decide, PERMISSION_OPTIONS } from './permission.ts'
import type { PermissionRequest, PromptClient } from './prompt-client.ts'
import type { Turn } from './turn-state.ts'

/** Asks only when nothing else decides; a question and its answer are logged, an always-answer is remembered. */
export async function approve(
  turn: Turn,
  call: ToolCall,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<Decision> {
  if (!tool.needsApproval) return 'run'
  // An always-answer covers its scope: a bash rerun outside the sandbox is not covered by one for bash.
  const scope = tool.approvalScope?.(args) ?? tool.name
  const standing = turn.standing.get(scope)
  if (standing) return standing === 'allow_always' ? 'run' : 'reject'
  if (modeApproves(tool, turn.mode)) return 'run'
  // The question names what the call will really change (a write through a symlink: its file).
  const title = await approvalTitle(turn, tool, args)
  const approvalId = randomUUID()
  const scoped = scope === tool.name ? {} : { scope }
  turn.append('permission/request', { callId: call.id, approvalId, options: PERMISSION_OPTIONS, ...scoped })
  const outcome = await askOrCancel(turn.client, {
    sessionId: turn.sessionId,
    callId: call.id,
    tool: title === undefined ? tool : { ...tool, title: () => title },
    args,
    options: PERMISSION_OPTIONS,
    signal: turn.signal,
  })
  turn.append('permission/outcome', { approvalId, outcome })
  if (outcome.outcome === 'selected' && (outcome.kind === 'allow_always' || outcome.kind === 'reject_always')) {
    turn.standing.set(scope, outcome.kind)
  }
  return decide(outcome)
}

/** A tool's approvalTitle threw: the call fails (tool-calls.ts answers it with this message), the turn goes on. */
export class ApprovalTitleError extends Error {
  constructor(cause: unknown) {
    const what = cause instanceof Error ? `failed: ${cause.message}` : `threw ${String(cause)} (not an Error)`
    super(`its approval title ${what}`, { cause })
  }
}

/** A plugin's tool may throw here, at once or later: either way the call fails, not the turn. */
async function approvalTitle(turn: Turn, tool: Tool, args: Record<string, unknown>): Promise<string | undefined> {
  const { cwd, hidden, additionalDirectories } = turn
  try {
    return await tool.approvalTitle?.(args, { cwd, hidden, additionalDirectories })
  } catch (error) {
    throw new ApprovalTitleError(error)
  }
}

/** A cancel while the user is being asked ends the wait at once, whatever the client does later. */
function askOrCancel(client: PromptClient, request: PermissionRequest): Promise<PermissionOutcomeRecord> {
  const { signal } = request
  const cancelled: PermissionOutcomeRecord = { outcome: 'cancelled' }
  if (signal.aborted) return Promise.resolve(cancelled)
  return new Promise((resolve) => {
    const onAbort = () => resolve(cancelled)
    signal.addEventListener('abort', onAbort, { once: true })
    client.requestPermission(request).then(
      (outcome) => {
        signal.removeEventListener('abort', onAbort)
        resolve(signal.aborted ? cancelled : outcome)
      },
      () => {
        signal.removeEventListener('abort', onAbort)
        resolve(cancelled)
      },
    )
  })
}
