// Our own parsing of the params whose errors the editor must be able to act on.
import { isAbsolute } from 'node:path'
import { RequestError, type NewSessionRequest } from '@agentclientprotocol/sdk'

/** session/new (and fork): `cwd` must be an absolute path string; the error names `cwd` and what was sent. */
export function parseNewSession(params: unknown, method = 'session/new'): NewSessionRequest {
  const record = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>
  const cwd = record.cwd
  if (typeof cwd !== 'string' || !isAbsolute(cwd)) {
    const got = cwd === undefined ? 'nothing' : JSON.stringify(cwd)
    throw RequestError.invalidParams(
      { field: 'cwd', received: cwd ?? null },
      `${method}: "cwd" must be an absolute path string, got ${got}`,
    )
  }
  // Passed on as sent: the mcp plugin checks it (a value that is no list, a bad entry) and refuses it by name.
  const mcpServers = record.mcpServers ?? []
  return { ...record, cwd, mcpServers } as NewSessionRequest
}

/** ACP's unstable `session/fork` (SDK 2.4 `ForkSessionRequest`); the stable entry's method table lacks it. */
export const FORK_SESSION = 'session/fork'

/** The `_meta` key of a session/fork request naming the turn to fork after (dsh's own; default: the last). */
const FORK_TURN_META = 'dsh/forkTurn'

export interface ForkParams {
  sessionId: string
  cwd: string
  mcpServers: unknown
  additionalDirectories?: unknown
  /** From `_meta["dsh/forkTurn"]`. */
  turn?: number
}

/** session/fork: `sessionId` a string, `cwd` absolute, `_meta["dsh/forkTurn"]` a whole number if sent. */
export function parseForkSession(params: unknown): ForkParams {
  const record = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>
  if (typeof record.sessionId !== 'string')
    throw RequestError.invalidParams(
      { field: 'sessionId', received: record.sessionId ?? null },
      `${FORK_SESSION}: "sessionId" must be the id of the session to fork, got ${describe(record.sessionId)}`,
    )
  const { cwd, mcpServers } = parseNewSession(record, FORK_SESSION)
  const meta = (record._meta && typeof record._meta === 'object' ? record._meta : {}) as Record<string, unknown>
  const turn = meta[FORK_TURN_META]
  if (turn !== undefined && (!Number.isInteger(turn) || (turn as number) < 0))
    throw RequestError.invalidParams(
      { field: `_meta.${FORK_TURN_META}`, received: turn ?? null },
      `${FORK_SESSION}: "_meta"."${FORK_TURN_META}" must be the whole number of the turn to fork after, got ` +
        `${describe(turn)}; leave it out to fork after the last finished turn`,
    )
  return {
    sessionId: record.sessionId,
    cwd,
    mcpServers,
    ...(record.additionalDirectories === undefined ? {} : { additionalDirectories: record.additionalDirectories }),
    ...(turn === undefined ? {} : { turn: turn as number }),
  }
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value)
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
