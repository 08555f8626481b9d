// The client's `mcpServers` on session/new, load and resume: a list the mcp plugin refuses is the
// request's -32602 (naming the entry and field).
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import type { ServerRequest } from '../agent/index.ts'
import { McpServerSpecError } from '../mcp/server-specs.ts'

/** The transports initialize advertises: the ones the composition can connect (none without mcp). */
export function mcpCapabilities(ctx: Pick<Context, 'agent'>): acp.McpCapabilities {
  return ctx.agent.servers.support()
}

/** Checks the list before the session is created or re-attached; throws the request's error. */
export function checkServers(ctx: Pick<Context, 'agent'>, method: string, raw: unknown, cwd: string): ServerRequest {
  try {
    return ctx.agent.servers.check(raw ?? [], cwd)
  } catch (error) {
    if (error instanceof McpServerSpecError)
      throw acp.RequestError.invalidParams({ field: 'mcpServers' }, `${method}: ${error.message}`)
    throw error
  }
}
