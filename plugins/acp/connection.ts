// One client's ACP connection: what it owns (initialized, its capabilities, its sessions, the
// order of its notifications) and one method per request. bridge.ts routes the SDK's requests here.
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import { AgentRequestError, type PermissionRequest, type PromptClient, type TurnOutcome } from '../agent/index.ts'
import { outcomeFromOptionId } from '../agent/permission.ts'
import type { PermissionOutcomeRecord, SessionEvent } from '../session/events.ts'
import { summarizeSessions } from '../session/summaries.ts'
import { AUTH_METHODS, authenticate } from './auth.ts'
import { Backlog } from './backlog.ts'
import { clientAccess } from './client-access.ts'
import { checkConfigChoice, configOptions, MODE_OPTION } from './config-options.ts'
import { checkServers, mcpCapabilities } from './mcp-servers.ts'
import { parseNewSession } from './params.ts'
import { refuseUnadvertisedBlocks } from './prompt-content.ts'
import { historyUpdates, liveUpdates, mcpFailureNotice, type ToolLookup } from './projection.ts'
import { requireExistingFolder, requireRecordedCwd } from './session-cwd.ts'
import { ChildProgress, permissionTarget } from './subagent-surface.ts'
import { type ChildInfo, ChildSessions, takesSubagentSessions } from './subagent-sessions.ts'
import type { UnstableCapabilities } from './unstable-capabilities.ts'
import { listSessions } from './session-list.ts'
import { modeState } from './session-modes.ts'
import { SessionNotes } from './session-notes.ts'
import { commandsUpdate, takesConfigOptionUpdates } from './session-surface.ts'

export const PROTOCOL_VERSION = 1

export class AcpConnection {
  private initialized = false
  /** What the client advertised at initialize: decides whether tools use its files and terminals. */
  private clientCapabilities: acp.ClientCapabilities | undefined
  /** The unstable capabilities of the client's last `initialize` (the SDK's stable parse drops them). */
  private unstable: UnstableCapabilities = {}
  private readonly owned = new Set<string>()
  /** Per owned session: its cost so far and whether its title was announced. */
  private readonly notes = new Map<string, SessionNotes>()
  /** New sessions whose command list is still to be sent (right after the session/new response). */
  private readonly intros = new Set<string>()
  private readonly tools: ToolLookup
  // Notifications go out in the order they were produced (the SDK writes messages in call
  // order); a prompt's response waits for the last one, and with it for all before it.
  private outbox: Promise<void> = Promise.resolve()
  /** The notifications not yet written: a turn's model stream waits while it is long. */
  private readonly backlog = new Backlog()
  private client: acp.AgentContext | undefined
  /** session/new's MCP failure notices, held until the client knows the session id (the response). */
  private readonly pendingNotices = new Map<string, string[]>()
  /** Subagents' progress on their `task` calls (clients without the `subagents` capability). */
  private readonly children = new ChildProgress()
  /** Subagents as sessions of their own (clients with the `subagents` capability). */
  private readonly childSessions = new ChildSessions()
  // The services each request calls, read once: a read through the context builds a stack-capturing
  // Error first (Cordis's ReflectService). The acp service restarts, closing its connections, when
  // one of them does, so a connection never holds a stale one.
  private readonly agent: Context['agent']
  private readonly sessions: Context['sessions']

  constructor(
    private readonly ctx: Context,
    private readonly info: { name: string; version: string },
  ) {
    // A session's MCP tools are found too (their titles name the server); built-ins first.
    this.agent = ctx.agent
    this.sessions = ctx.sessions
    const [tools, servers] = [ctx.tools, this.agent.servers]
    this.tools = (name) => tools.get(name) ?? servers.findTool(name)
  }

  /** The connected client: notifications and reverse requests go to it from now on. */
  attach(client: acp.AgentContext): void {
    this.client = client
  }

  /** The unstable capabilities an incoming `initialize` advertises, seen before its handler runs. */
  advertised(capabilities: UnstableCapabilities): void {
    this.unstable = capabilities
  }

  initialize(params: acp.InitializeRequest): acp.InitializeResponse {
    this.initialized = true
    this.clientCapabilities = params.clientCapabilities
    return {
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: true },
        mcpCapabilities: mcpCapabilities(this.ctx),
        sessionCapabilities: { list: {}, resume: {}, close: {} },
      },
      agentInfo: { name: this.info.name, version: this.info.version },
      authMethods: AUTH_METHODS,
    }
  }

  authenticate(params: acp.AuthenticateRequest): acp.AuthenticateResponse {
    return authenticate(this.ctx, params)
  }

  async newSession(params: unknown): Promise<acp.NewSessionResponse> {
    // Initialization is checked before the params, so an early request gets the right error.
    this.requireInit('session/new')
    const { cwd, mcpServers } = parseNewSession(params)
    requireExistingFolder('session/new', cwd)
    const servers = checkServers(this.ctx, 'session/new', mcpServers, cwd)
    const header = this.agent.newSession(cwd)
    const failures = await this.agent.connectServers(header.id, servers)
    this.own(header.id, [])
    // The client learns the id from the response: the command list follows it at once (afterResponse),
    // the notices after it (or with the session's next request).
    this.intros.add(header.id)
    if (failures.length) {
      this.pendingNotices.set(
        header.id,
        failures.map((failure) => failure.message),
      )
      setImmediate(() => this.flushNotices(header.id))
    }
    return { sessionId: header.id, ...this.sessionState(header.id) }
  }

  async loadSession(params: acp.LoadSessionRequest): Promise<acp.LoadSessionResponse> {
    this.requireInit('session/load')
    requireExistingFolder('session/load', params.cwd)
    requireRecordedCwd(this.ctx, params.sessionId, params.cwd)
    const servers = checkServers(this.ctx, 'session/load', params.mcpServers, params.cwd)
    const log = agentCall(() => this.agent.loadSession(params.sessionId))
    const notes = this.own(params.sessionId, log.events)
    for (const update of historyUpdates(log.events, this.tools)) this.send(params.sessionId, update)
    await this.agent.connectServers(params.sessionId, servers)
    this.send(params.sessionId, commandsUpdate(this.agent.commands.list()))
    if (notes.knownTitle) this.send(params.sessionId, { sessionUpdate: 'session_info_update', title: notes.knownTitle })
    await this.outbox
    return this.sessionState(params.sessionId)
  }

  /** session/set_config_option: `model` or `mode`; answers with every option's current value. */
  async setConfigOption(params: acp.SetSessionConfigOptionRequest): Promise<acp.SetSessionConfigOptionResponse> {
    this.requireInit('session/set_config_option')
    this.requireSession(params.sessionId)
    checkConfigChoice(this.optionsOf(params.sessionId), params.configId, params.value)
    const value = String(params.value)
    if (params.configId === MODE_OPTION) agentCall(() => this.agent.setMode(params.sessionId, value))
    else agentCall(() => this.agent.setModel(params.sessionId, value))
    await this.outbox
    return { configOptions: this.optionsOf(params.sessionId) }
  }

  /** session/set_model (the request older clients send; config option `model` in newer ones). */
  async setModel(params: { sessionId: string; modelId: string }): Promise<Record<string, never>> {
    this.requireInit('session/set_model')
    this.requireSession(params.sessionId)
    agentCall(() => this.agent.setModel(params.sessionId, params.modelId))
    await this.outbox
    return {}
  }

  /** session/resume: as load, without retelling the history; logged as `session/resume`. */
  async resumeSession(params: acp.ResumeSessionRequest): Promise<acp.ResumeSessionResponse> {
    this.requireInit('session/resume')
    requireExistingFolder('session/resume', params.cwd)
    requireRecordedCwd(this.ctx, params.sessionId, params.cwd)
    const servers = checkServers(this.ctx, 'session/resume', params.mcpServers, params.cwd)
    agentCall(() => this.agent.resumeSession(params.sessionId))
    // The log's cost so far and its title (announced when its first turn ended) are taken in.
    this.own(params.sessionId, this.sessions.read(params.sessionId).events)
    // No updates at all on resume (not even the command list): the client keeps what it had.
    await this.agent.connectServers(params.sessionId, servers)
    await this.outbox
    return this.sessionState(params.sessionId)
  }

  /** session/close: cancels its turn, ends its MCP servers, logs `session/close`; the id is then unknown here. */
  async closeSession(params: acp.CloseSessionRequest): Promise<acp.CloseSessionResponse> {
    this.requireInit('session/close')
    this.requireSession(params.sessionId)
    try {
      await this.agent.closeSession(params.sessionId)
    } catch (error) {
      throw toRequestError(error)
    }
    this.owned.delete(params.sessionId)
    this.notes.delete(params.sessionId)
    this.pendingNotices.delete(params.sessionId)
    await this.outbox
    return {}
  }

  listSessions(params: acp.ListSessionsRequest): acp.ListSessionsResponse {
    this.requireInit('session/list')
    return listSessions(summarizeSessions(this.sessions), params)
  }

  async setMode(params: acp.SetSessionModeRequest): Promise<acp.SetSessionModeResponse> {
    this.requireInit('session/set_mode')
    this.requireSession(params.sessionId)
    agentCall(() => this.agent.setMode(params.sessionId, params.modeId))
    // The current_mode_update the change produced goes out before the response.
    await this.outbox
    return {}
  }

  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    this.requireInit('session/prompt')
    this.requireSession(params.sessionId)
    refuseUnadvertisedBlocks(params.prompt)
    const promptClient: PromptClient = {
      requestPermission: (request) => this.requestPermission(request),
      access: clientAccess(this.clientCapabilities, this.client!, params.sessionId, () => this.outbox),
      backlog: (signal) => this.backlog.wait(signal),
    }
    let outcome: TurnOutcome
    try {
      outcome = await this.agent.prompt(params.sessionId, params.prompt, promptClient)
    } catch (error) {
      throw toRequestError(error)
    } finally {
      await this.outbox
    }
    if (outcome.reason === 'error') throw modelError(outcome.error!)
    return { stopReason: outcome.reason === 'end_turn' ? 'end_turn' : outcome.reason }
  }

  cancel(params: acp.CancelNotification): void {
    if (this.owned.has(params.sessionId)) this.agent.cancel(params.sessionId)
  }

  /** A session event: its live updates go to the client if the session is this connection's. */
  onSessionEvent(sessionId: string, event: SessionEvent): void {
    if (!this.owned.has(sessionId)) {
      this.onChildEvent(sessionId, event)
      return
    }
    for (const update of liveUpdates(event, this.tools)) this.send(sessionId, update)
    for (const update of this.notes.get(sessionId)?.updates(event) ?? []) this.send(sessionId, update)
    const configChanged = event.type === 'mode/change' || event.type === 'config/change'
    if (configChanged && takesConfigOptionUpdates(this.clientCapabilities))
      this.send(sessionId, { sessionUpdate: 'config_option_update', configOptions: this.optionsOf(sessionId) })
  }

  /** A subagent's event, shown on the `task` call of this client's session it runs under (if any). */
  private onChildEvent(sessionId: string, event: SessionEvent): void {
    if (takesSubagentSessions(this.unstable)) {
      const child = this.childInfo(sessionId)
      if (!child) return
      for (const { sessionId: target, update } of this.childSessions.updates(event, child, this.tools))
        this.send(target, update as acp.SessionUpdate)
      return
    }
    if (!ChildProgress.shows(event)) return
    let header = this.agent.childHeader(sessionId)
    while (header && !this.owned.has(header.parentSession!)) header = this.agent.childHeader(header.parentSession!)
    if (!header) return
    const update = this.children.update(event, header.parentCallId!, this.tools)
    if (update) this.send(header.parentSession!, update)
  }

  /** A live subagent of one of this client's sessions (at any depth), else undefined. */
  private childInfo(sessionId: string): ChildInfo | undefined {
    const header = this.agent.childHeader(sessionId)
    const task = this.agent.childTask(sessionId)
    if (!header || !task) return undefined
    let root = header
    while (!this.owned.has(root.parentSession!)) {
      const up = this.agent.childHeader(root.parentSession!)
      if (!up) return undefined
      root = up
    }
    return { sessionId, parentSession: header.parentSession!, parentCallId: header.parentCallId!, ...task }
  }

  /** The client went away: cancel its running turns and end its sessions' MCP servers. */
  cancelAll(): void {
    for (const sessionId of this.owned) void this.agent.releaseSession(sessionId)
  }

  /** Shows session/new's MCP failures once, after the client has the session id. */
  private flushNotices(sessionId: string): void {
    const messages = this.pendingNotices.get(sessionId)
    this.pendingNotices.delete(sessionId)
    for (const message of messages ?? []) this.send(sessionId, mcpFailureNotice(message))
  }

  private own(sessionId: string, events: readonly SessionEvent[]): SessionNotes {
    this.owned.add(sessionId)
    const notes = new SessionNotes(this.ctx.agent.config)
    notes.seed(events)
    this.notes.set(sessionId, notes)
    return notes
  }

  /** What follows a response on the wire at once: a new session's command list after its session/new response. */
  afterResponse(response: acp.AnyMessage): acp.AnyMessage[] {
    const result = 'result' in response ? (response.result as { sessionId?: unknown } | null) : undefined
    const sessionId = result?.sessionId
    if (typeof sessionId !== 'string' || !this.intros.delete(sessionId)) return []
    const update = commandsUpdate(this.ctx.agent.commands.list())
    return [{ jsonrpc: '2.0', method: acp.methods.client.session.update, params: { sessionId, update } }]
  }

  /** What session/new and session/load answer besides the id: the modes (older clients) and the options. */
  private sessionState(sessionId: string): { modes: acp.SessionModeState; configOptions: acp.SessionConfigOption[] } {
    return { modes: modeState(this.ctx.agent.modeOf(sessionId)!), configOptions: this.optionsOf(sessionId) }
  }

  private optionsOf(sessionId: string): acp.SessionConfigOption[] {
    const { agent } = this.ctx
    return configOptions({
      modeId: agent.modeOf(sessionId)!,
      model: agent.modelOf(sessionId)!,
      models: agent.models(sessionId),
    })
  }

  private async requestPermission(request: PermissionRequest): Promise<PermissionOutcomeRecord> {
    // The tool_call update announcing this call is still queued: the editor must see it first.
    await this.outbox
    if (request.signal.aborted) return { outcome: 'cancelled' }
    const subagents = takesSubagentSessions(this.unstable)
    const target = permissionTarget(request, request.tool.title(request.args), subagents)
    const response: acp.RequestPermissionResponse = await this.client!.request(
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
      this.ctx.emit(this.ctx, 'internal/warn', warning)
      return { outcome: 'cancelled' }
    }
  }

  private send(sessionId: string, update: acp.SessionUpdate): void {
    const target = this.client
    if (!target) return
    this.outbox = target.notify(acp.methods.client.session.update, { sessionId, update }).catch((error) => {
      const warning = `acp: could not send session/update for ${sessionId}: ${error?.message ?? error}`
      this.ctx.emit(this.ctx, 'internal/warn', warning)
    })
    this.backlog.track(this.outbox)
  }

  private requireInit(method: string): void {
    if (!this.initialized)
      throw acp.RequestError.invalidRequest({ method }, `${method} before initialize: send "initialize" first`)
  }

  private requireSession(sessionId: string): void {
    this.flushNotices(sessionId)
    if (!this.owned.has(sessionId) || !this.agent.has(sessionId)) {
      throw acp.RequestError.invalidParams(
        { sessionId },
        `unknown session "${sessionId}": create it with session/new or restore it with session/load`,
      )
    }
  }
}

/** Run an agent call; its refusals become the ACP errors the client reads. */
function agentCall<T>(call: () => T): T {
  try {
    return call()
  } catch (error) {
    throw toRequestError(error)
  }
}

function modelError(error: NonNullable<TurnOutcome['error']>): acp.RequestError {
  const status = error.status ? ` (HTTP ${error.status})` : ''
  return new acp.RequestError(-32603, `model error ${error.code}${status}: ${error.message}`, {
    code: error.code,
    ...(error.status ? { status: error.status } : {}),
  })
}

function toRequestError(error: unknown): Error {
  if (error instanceof acp.RequestError) return error
  if (error instanceof AgentRequestError) return acp.RequestError.invalidParams({ reason: error.kind }, error.message)
  return acp.RequestError.internalError(undefined, error instanceof Error ? error.message : String(error))
}
