// session/list: the sessions under the sessions root, newest first, a page at a time.
// The cursor names the page's last session and its activity time: the next page starts
// after it, or, when it has moved or gone since, with the sessions older than that time
// (so a session is never listed twice; one touched meanwhile moved to the first page).
import { type ListSessionsRequest, type ListSessionsResponse, RequestError } from '@agentclientprotocol/sdk'
import type { SessionSummary } from '../session/summaries.ts'

const LIST_PAGE_SIZE = 50

interface Position {
  updatedAt: number
  id: string
}

/** `summaries` in list order (summarizeSessions). */
export function listSessions(
  summaries: readonly SessionSummary[],
  params: ListSessionsRequest,
  pageSize = LIST_PAGE_SIZE,
): ListSessionsResponse {
  let rest = params.cwd ? summaries.filter((summary) => summary.cwd === params.cwd) : [...summaries]
  if (params.cursor) {
    const after = decodeCursor(params.cursor)
    const index = rest.findIndex((summary) => summary.id === after.id && summary.updatedAt === after.updatedAt)
    rest = index >= 0 ? rest.slice(index + 1) : rest.filter((summary) => summary.updatedAt < after.updatedAt)
  }
  const page = rest.slice(0, pageSize)
  const last = page.at(-1)
  return {
    sessions: page.map((summary) => ({
      sessionId: summary.id,
      cwd: summary.cwd,
      ...(summary.title ? { title: summary.title } : {}),
      updatedAt: new Date(summary.updatedAt).toISOString(),
    })),
    ...(last && rest.length > pageSize ? { nextCursor: encodeCursor(last) } : {}),
  }
}

function encodeCursor({ updatedAt, id }: Position): string {
  return Buffer.from(JSON.stringify([updatedAt, id])).toString('base64url')
}

function decodeCursor(cursor: string): Position {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (typeof updatedAt === 'number' && typeof id === 'string') return { updatedAt, id }
  } catch {
    // reported below
  }
  throw RequestError.invalidParams(
    { field: 'cursor', received: cursor },
    'session/list: "cursor" is not one this agent gave out; pass a nextCursor from an earlier response, or none',
  )
}
