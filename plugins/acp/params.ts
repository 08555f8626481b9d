// Our own parsing of the params whose errors the editor must be able to act on.
import { isAbsolute } from 'node:path'
import { RequestError, type NewSessionRequest } from '@agentclientprotocol/sdk'

/** session/new: `cwd` must be an absolute path string; the error names `cwd` and what was sent. */
export function parseNewSession(params: unknown): NewSessionRequest {
  const record = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>
  const cwd = record.cwd
  if (typeof cwd !== 'string' || !isAbsolute(cwd)) {
    const got = cwd === undefined ? 'nothing' : JSON.stringify(cwd)
    throw RequestError.invalidParams(
      { field: 'cwd', received: cwd ?? null },
      `session/new: "cwd" must be an absolute path string, got ${got}`,
    )
  }
  // Passed on as sent: the mcp plugin checks it (a value that is no list, a bad entry) and refuses it by name.
  const mcpServers = record.mcpServers ?? []
  return { ...record, cwd, mcpServers } as NewSessionRequest
}

/** The unstable `session/set_model` request of older clients; the SDK no longer types it. */
export const SET_MODEL = 'session/set_model'

/** session/set_model: `sessionId` and `modelId` strings; the error names the field and what was sent. */
export function parseSetModel(params: unknown): { sessionId: string; modelId: string } {
  const record = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>
  for (const field of ['sessionId', 'modelId']) {
    if (typeof record[field] !== 'string') {
      throw RequestError.invalidParams(
        { field, received: record[field] ?? null },
        `${SET_MODEL}: "${field}" must be a string, got ${JSON.stringify(record[field]) ?? 'nothing'}`,
      )
    }
  }
  return { sessionId: record.sessionId as string, modelId: record.modelId as string }
}
