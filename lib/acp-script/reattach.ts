// session/load and session/resume as steps send them: the named session in the session cwd, with
// the step's MCP servers; on success the step's `as` names the session too.
import type * as acp from '@agentclientprotocol/sdk'
import { placeOf } from './fields.ts'
import type { ScriptStep, StepRun } from './step-kind.ts'

type ReattachStep = ScriptStep & {
  session?: string
  sessionId?: string
  cwd?: string
  additionalDirectories?: string[]
}

export async function reattachSession(
  step: ReattachStep,
  run: StepRun,
  method: typeof acp.methods.agent.session.load | typeof acp.methods.agent.session.resume,
  mcpServers: acp.McpServer[],
): Promise<void> {
  const sessionId = run.sessionOf(step)
  run.state.sessionId = sessionId
  const request = run.client.agent.request(method, { sessionId, ...placeOf(step, run), mcpServers })
  const outcome = await run.request(step, request)
  if (outcome.kind === 'ok' && step.as !== undefined) run.defineSession(step.as, sessionId)
}
