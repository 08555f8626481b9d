// What session/new, session/load and session/resume check before a session is created or
// re-attached, in the order a client can act on: the cwd (a folder, and a loaded session's own),
// its additional directories, then its MCP servers. Each problem is the request's -32602.
import type { Context } from 'cordis'
import type { ServerRequest } from '../agent/index.ts'
import { ownFiles } from '../agent/own-files.ts'
import { parseAdditionalDirectories } from './additional-directories.ts'
import { checkServers } from './mcp-servers.ts'
import { requireExistingFolder, requireRecordedCwd } from './session-cwd.ts'

interface SessionRequest {
  cwd: string
  additionalDirectories?: unknown
  mcpServers?: unknown
  /** For session/load and session/resume: the session whose recorded cwd must match. */
  sessionId?: string
}

interface CheckedSessionRequest {
  servers: ServerRequest
  additionalDirectories: string[]
}

export function checkSessionRequest(
  ctx: Pick<Context, 'agent' | 'sessions' | 'llm'>,
  method: string,
  params: SessionRequest,
): CheckedSessionRequest {
  requireExistingFolder(method, params.cwd)
  if (params.sessionId !== undefined) requireRecordedCwd(ctx, params.sessionId, params.cwd)
  const hidden = () => ownFiles(ctx.sessions.root, ctx.llm.adapters())
  const additionalDirectories = parseAdditionalDirectories(method, params.additionalDirectories, params.cwd, hidden)
  return { servers: checkServers(ctx, method, params.mcpServers, params.cwd), additionalDirectories }
}
