// The sessions an editor client opened, read off its own connection: a session/new or
// session/fork answered with an id, a session/load or session/resume answered with success, and
// a child session the agent announced with `subagent_update` under one of those (the unstable
// `subagents` capability). The editor's fs/* and terminal/* serve only these: a request naming
// any other session is the agent's bug, refused.
import * as acp from '@agentclientprotocol/sdk'
import { observeStream } from './observed-stream.ts'

/** The methods that open a session, and where the opened id is: the response or the request. */
const OPENERS: Record<string, 'result' | 'params'> = {
  'session/new': 'result',
  'session/fork': 'result',
  'session/load': 'params',
  'session/resume': 'params',
}

type Message = Record<string, unknown>

const isRecord = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const idOf = (value: unknown): string | undefined =>
  isRecord(value) && typeof value.sessionId === 'string' ? value.sessionId : undefined

/** The refusal of a reverse request naming a session the client never opened (fs/* and terminal/* alike). */
export function unknownSessionError(method: string, sessionId: string): acp.RequestError {
  return acp.RequestError.invalidParams(
    { sessionId },
    `${method}: unknown session "${sessionId}": this client never opened it; name a session it opened with ` +
      'session/new, session/load, session/resume or session/fork',
  )
}

export class OpenedSessions {
  private readonly ids = new Set<string>()
  /** The client's open requests awaiting their response, by JSON-RPC id. */
  private readonly pending = new Map<unknown, { from: 'result' | 'params'; sessionId?: string }>()

  has = (sessionId: string): boolean => this.ids.has(sessionId)

  /** A message the client sends: an open request is remembered until its response. */
  sent(message: unknown): void {
    if (!isRecord(message) || typeof message.method !== 'string' || message.id === undefined) return
    const from = OPENERS[message.method]
    if (from) this.pending.set(message.id, { from, sessionId: idOf(message.params) })
  }

  /** A message the client receives: a successful open response, or a child session's announcement. */
  received(message: unknown): void {
    if (!isRecord(message)) return
    if (message.method === undefined && message.id !== undefined) {
      const open = this.pending.get(message.id)
      if (!open) return
      this.pending.delete(message.id)
      const id = open.from === 'result' ? idOf(message.result) : open.sessionId
      if (message.result !== undefined && id !== undefined) this.ids.add(id)
      return
    }
    if (message.method !== 'session/update' || !isRecord(message.params)) return
    const { sessionId, update } = message.params
    if (typeof sessionId !== 'string' || !this.ids.has(sessionId)) return
    if (isRecord(update) && update.sessionUpdate === 'subagent_update') {
      const child = idOf(update)
      if (child !== undefined) this.ids.add(child)
    }
  }

  /** The same stream, with both directions read (in wire order, before the SDK handles them). */
  tap(stream: acp.Stream): acp.Stream {
    return observeStream(
      stream,
      (message) => this.sent(message),
      (message) => this.received(message),
    )
  }
}
