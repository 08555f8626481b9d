// The sessions one ACP connection owns and what it shows the client of them: their live updates
// (a subagent's on the call or session it runs under), per-session notes, a new session's command
// list and MCP notices, all in the order produced. The requests that change them are connection.ts.
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import type { ChildHeader, EventData, SessionEvent } from '../session/events.ts'
import { Backlog } from './backlog.ts'
import { mcpFailureNotice, noticeUpdate, takesNotices } from './notices.ts'
import { takesCompaction } from './compaction-updates.ts'
import { liveUpdates, type ToolLookup } from './projection.ts'
import { SessionNotes } from './session-notes.ts'
import { commandsUpdate, takesConfigOptionUpdates } from './session-surface.ts'
import { ChildProgress } from './subagent-surface.ts'
import { type ChildInfo, ChildSessions, takesSubagentSessions } from './subagent-sessions.ts'
import type { UnstableCapabilities } from './unstable-capabilities.ts'

/** What the request side knows that the updates depend on, read at each use. */
interface ClientView {
  /** What the client advertised at initialize. */
  capabilities(): acp.ClientCapabilities | undefined
  /** The unstable capabilities of its last `initialize`. */
  unstable(): UnstableCapabilities
  /** Every config option's current value (config_option_update). */
  options(sessionId: string): acp.SessionConfigOption[]
}

export class OwnedSessions {
  private readonly owned = new Set<string>()
  /** Per owned session: its cost so far and whether its title was announced. */
  private readonly notes = new Map<string, SessionNotes>()
  /** New sessions whose command list is still to be sent (right after the session/new response). */
  private readonly intros = new Set<string>()
  // Notifications go out in the order they were produced (the SDK writes messages in call
  // order); a prompt's response waits for the last one, and with it for all before it.
  private outbox: Promise<void> = Promise.resolve()
  /** The notifications not yet written: a turn's model stream waits while it is long. */
  private readonly backlog = new Backlog()
  private target: acp.AgentContext | undefined
  /** session/new's MCP failure notices, held until the client knows the session id (the response). */
  private readonly pendingNotices = new Map<string, EventData['mcp/failure'][]>()
  /** Subagents' progress on their `task` calls (clients without the `subagents` capability). */
  private readonly children = new ChildProgress()
  /** Subagents as sessions of their own (clients with the `subagents` capability). */
  private readonly childSessions = new ChildSessions()

  constructor(
    private readonly ctx: Context,
    private readonly agent: Context['agent'],
    private readonly tools: ToolLookup,
    private readonly view: ClientView,
  ) {}

  /** The connected client: notifications and reverse requests go to it from now on. */
  attach(client: acp.AgentContext): void {
    this.target = client
  }

  get client(): acp.AgentContext | undefined {
    return this.target
  }

  has(sessionId: string): boolean {
    return this.owned.has(sessionId)
  }

  ids(): Iterable<string> {
    return this.owned
  }

  /** Settles once every notification produced so far is written. */
  written(): Promise<void> {
    return this.outbox
  }

  /** Undefined while the client keeps up with the notifications; else settles when it caught up. */
  backlogWait(signal?: AbortSignal): Promise<void> | undefined {
    return this.backlog.wait(signal)
  }

  own(sessionId: string, events: readonly SessionEvent[]): SessionNotes {
    this.owned.add(sessionId)
    const notes = new SessionNotes(this.ctx.agent.config)
    notes.seed(events)
    this.notes.set(sessionId, notes)
    return notes
  }

  /**
   * A new session: the client learns its id from the response, so the command list follows it at
   * once (afterResponse) and the MCP failure notices after it (or with the session's next request).
   */
  introduce(sessionId: string, notices: EventData['mcp/failure'][]): void {
    this.intros.add(sessionId)
    if (!notices.length) return
    this.pendingNotices.set(sessionId, notices)
    setImmediate(() => this.flushNotices(sessionId))
  }

  /** A closed session: its id is unknown to this connection from now on. */
  forget(sessionId: string): void {
    this.owned.delete(sessionId)
    this.notes.delete(sessionId)
    this.pendingNotices.delete(sessionId)
  }

  /** Shows session/new's MCP failures once, after the client has the session id. */
  flushNotices(sessionId: string): void {
    const failures = this.pendingNotices.get(sessionId)
    this.pendingNotices.delete(sessionId)
    const notices = takesNotices(this.view.capabilities())
    for (const failure of failures ?? []) this.send(sessionId, noticeUpdate(mcpFailureNotice(failure), notices))
  }

  /** What follows a response on the wire at once: a new session's command list after its session/new response. */
  afterResponse(response: acp.AnyMessage): acp.AnyMessage[] {
    const result = 'result' in response ? (response.result as { sessionId?: unknown } | null) : undefined
    const sessionId = result?.sessionId
    if (typeof sessionId !== 'string' || !this.intros.delete(sessionId)) return []
    const update = commandsUpdate(this.ctx.agent.commands.list())
    return [{ jsonrpc: '2.0', method: acp.methods.client.session.update, params: { sessionId, update } }]
  }

  /** A session event: its live updates go to the client if the session is this connection's. */
  onSessionEvent(sessionId: string, event: SessionEvent): void {
    if (!this.owned.has(sessionId)) {
      this.onChildEvent(sessionId, event)
      return
    }
    const options = {
      messageId: this.chunkMessageId(sessionId, event),
      notices: takesNotices(this.view.capabilities()),
      compaction: takesCompaction(this.view.capabilities()),
    }
    for (const update of liveUpdates(event, this.tools, options)) this.send(sessionId, update)
    for (const update of this.notes.get(sessionId)?.updates(event) ?? []) this.send(sessionId, update)
    const configChanged = event.type === 'mode/change' || event.type === 'config/change'
    if (configChanged && takesConfigOptionUpdates(this.view.capabilities()))
      this.send(sessionId, { sessionUpdate: 'config_option_update', configOptions: this.view.options(sessionId) })
  }

  send(sessionId: string, update: acp.SessionUpdate): void {
    const target = this.target
    if (!target) return
    this.outbox = target.notify(acp.methods.client.session.update, { sessionId, update }).catch((error) => {
      const warning = `acp: could not send session/update for ${sessionId}: ${error?.message ?? error}`
      this.ctx.emit(this.ctx, 'internal/warn', warning)
    })
    this.backlog.track(this.outbox)
  }

  /** The id of the message a model chunk belongs to: the agent's, before the step's assistant/message logs it. */
  private chunkMessageId(sessionId: string, event: SessionEvent): string | undefined {
    return event.type === 'assistant/chunk' ? this.agent.messageIdOf(sessionId) : undefined
  }

  /** A subagent's event, shown on the `task` call of this client's session it runs under (if any). */
  private onChildEvent(sessionId: string, event: SessionEvent): void {
    if (takesSubagentSessions(this.view.unstable())) {
      const child = this.childInfo(sessionId)
      if (!child) return
      const messageId = this.chunkMessageId(sessionId, event)
      for (const { sessionId: target, update } of this.childSessions.updates(event, child, this.tools, messageId))
        this.send(target, update as acp.SessionUpdate)
      return
    }
    if (!ChildProgress.shows(event)) return
    const top = this.topChild(sessionId)
    const update = top && this.children.update(event, top.parentCallId, this.tools)
    if (update) this.send(top.parentSession, update)
  }

  /** A live subagent of one of this client's sessions (at any depth), else undefined. */
  private childInfo(sessionId: string): ChildInfo | undefined {
    const header = this.agent.childHeader(sessionId)
    const task = this.agent.childTask(sessionId)
    if (!header || !task || !this.topChild(sessionId)) return undefined
    return { sessionId, parentSession: header.parentSession, parentCallId: header.parentCallId, ...task }
  }

  /** The subagent of `sessionId`'s line (itself or an ancestor) that a session of this client spawned. */
  private topChild(sessionId: string): ChildHeader | undefined {
    let header = this.agent.childHeader(sessionId)
    while (header && !this.owned.has(header.parentSession)) header = this.agent.childHeader(header.parentSession)
    return header
  }
}
