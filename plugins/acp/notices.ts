// ACP `notice` session updates (issue 38 item 6): what the user should know that is no model
// output — a failed MCP server today; a retry or a compaction when the model layer has them. Any
// plugin posts one by appending a `notice` event to the session's log. A client that advertised
// `session.notices` at initialize gets a `notice` update; any other gets the text as an agent
// message line `[…]`, so it is never silent. Notices are live: session/load does not retell them. Pure.
import type { ClientCapabilities, SessionUpdate } from '@agentclientprotocol/sdk'
import type { EventData } from '../session/events.ts'

type Notice = EventData['notice']

/** Whether the client advertised `session.notices` (then it gets `notice` updates). */
export function takesNotices(capabilities: ClientCapabilities | undefined): boolean {
  return capabilities?.session?.notices != null
}

/** A failed MCP server as a notice: its message (naming the server, command and cause) is the detail. */
export function mcpFailureNotice(failure: EventData['mcp/failure']): Notice {
  return {
    severity: 'warning',
    title: `MCP server "${failure.server}" failed`,
    description: failure.message,
    fallback: failure.message,
  }
}

/** The update a notice is for this client: a `notice`, or the visible fallback line. */
export function noticeUpdate(notice: Notice, notices: boolean): SessionUpdate {
  if (notices) {
    const { severity, title, description } = notice
    return { sessionUpdate: 'notice', severity, title, ...(description ? { description } : {}) }
  }
  const text = notice.fallback ?? (notice.description ? `${notice.title}: ${notice.description}` : notice.title)
  return { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `\n[${text}]\n` } }
}
