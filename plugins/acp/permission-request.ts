// Asking the client about one tool call (session/request_permission): on the call itself, or on the
// `task` call it runs under for a subagent's call when the client takes no subagent sessions.
import * as acp from '@agentclientprotocol/sdk'
import type { PermissionRequest } from '../agent/index.ts'
import { outcomeFromOptionId } from '../agent/permission.ts'
import type { PermissionOutcomeRecord } from '../session/events.ts'
import { permissionTarget } from './subagent-surface.ts'

/** The client's answer as the agent logs it; an answer it did not offer cancels (and `warn` says why). */
export async function askPermission(
  client: acp.AgentContext,
  request: PermissionRequest,
  subagents: boolean,
  warn: (message: string) => void,
): Promise<PermissionOutcomeRecord> {
  const target = permissionTarget(request, request.tool.title(request.args), subagents)
  const response: acp.RequestPermissionResponse = await client.request(
    acp.methods.client.session.requestPermission,
    {
      sessionId: target.sessionId,
      toolCall: {
        toolCallId: target.toolCallId,
        title: target.title,
        kind: request.tool.kind,
        status: 'pending',
        rawInput: request.args,
      },
      options: request.options,
    },
    { cancellationSignal: request.signal },
  )
  if (response.outcome.outcome !== 'selected') return { outcome: 'cancelled' }
  try {
    return outcomeFromOptionId(response.outcome.optionId)
  } catch (error) {
    // Not a choice the agent offered: never guess a permission; say so and cancel.
    const warning = `acp: session ${request.sessionId}: ${(error as Error).message}; the turn is cancelled`
    warn(warning)
    return { outcome: 'cancelled' }
  }
}
