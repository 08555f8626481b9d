// One client's ACP connection: whether it initialized, what it advertised, and one method per
// request; its sessions and the updates it is shown of them are owned-sessions.ts. bridge.ts routes
// the SDK's requests here.
import * as acp from '@agentclientprotocol/sdk'
import type { ForkSessionResponse, InitializeResponse } from '@agentclientprotocol/sdk/unstable'
import type { Context } from 'cordis'
import type { PermissionRequest, PromptClient, TurnOutcome } from '../agent/index.ts'
import type { PermissionOutcomeRecord, SessionEvent } from '../session/events.ts'
import { summarizeSessions } from '../session/summaries.ts'
import { authenticate, authMethods, logout } from './auth.ts'
import { clientAccess } from './client-access.ts'
import { checkConfigChoice, configOptions, MODE_OPTION } from './config-options.ts'
import { mcpCapabilities } from './mcp-servers.ts'
import { untraced } from '../config/cordis-compat.ts'
import { OwnedSessions } from './owned-sessions.ts'
import { type ForkParams, parseNewSession } from './params.ts'
import { askPermission } from './permission-request.ts'
import { refuseUnadvertisedBlocks } from './prompt-content.ts'
import { historyUpdates, type ToolLookup } from './projection.ts'
import { agentCall, deleteRefusal, modelError, toRequestError } from './request-errors.ts'
import { checkSessionRequest } from './session-request.ts'
import { takesSubagentSessions } from './subagent-sessions.ts'
import type { UnstableCapabilities } from './unstable-capabilities.ts'
import { listSessions } from './session-list.ts'
import { modeState } from './session-modes.ts'
import { commandsUpdate } from './session-surface.ts'

export const PROTOCOL_VERSION = 1

/** The services a connection's read-only calls take (untraced: see AcpConnection's `reads`). */
type ConnectionReads = Pick<Context, 'agent' | 'sessions' | 'llm'>

export class AcpConnection {
  private initialized = false
  /** What the client advertised at initialize: decides whether tools use its files and terminals. */
  private clientCapabilities: acp.ClientCapabilities | undefined
  /** The unstable capabilities of the client's last `initialize` (the SDK's stable parse drops them). */
  private unstable: UnstableCapabilities = {}
  /** The sessions this client owns and the updates it is shown of them. */
  private readonly owned: OwnedSessions
  private readonly tools: ToolLookup
  // The services each request calls, read once: a read through the context builds a stack-capturing
  // Error first (Cordis's ReflectService). The acp service restarts, closing its connections, when
  // one of them does, so a connection never holds a stale one.
  private readonly agent: Context['agent']
  private readonly sessions: Context['sessions']
  /**
   * The same services (and the llm one) past Cordis's tracing proxy, for what only reads them: the
   * session requests' checks, the adapters for initialize and auth, a session's mode and models. A
   * traced call makes a shadow context and a method proxy per access and each read inside it misses
   * the context's cache again (~0.3 ms for a session/new's checks). Safe because none of these calls
   * creates an effect (nothing to tie to this connection's context) and the acp service restarts,
   * closing this connection, when any of the three is replaced (its inject).
   */
  private readonly reads: ConnectionReads

  constructor(
    private readonly ctx: Context,
    private readonly info: { name: string; version: string },
  ) {
    // A session's MCP tools are found too (their titles name the server); built-ins first.
    this.agent = ctx.agent
    this.sessions = ctx.sessions
    this.reads = { agent: untraced(this.agent), sessions: untraced(this.sessions), llm: untraced(ctx.llm) }
    const [tools, servers] = [ctx.tools, this.agent.servers]
    this.tools = (name) => tools.get(name) ?? servers.findTool(name)
    // Its lookups run on every event of a subagent (each streamed chunk): past the tracing proxy.
    this.owned = new OwnedSessions(ctx, untraced(this.agent), this.tools, {
      capabilities: () => this.clientCapabilities,
      unstable: () => this.unstable,
      options: (sessionId) => this.optionsOf(sessionId),
    })
  }

  /** The connected client: notifications and reverse requests go to it from now on. */
  attach(client: acp.AgentContext): void {
    this.owned.attach(client)
  }

  /** The unstable capabilities an incoming `initialize` advertises, seen before its handler runs. */
  advertised(capabilities: UnstableCapabilities): void {
    this.unstable = capabilities
  }

  /** Offers the unstable `session/fork` besides the stable capabilities (the SDK's unstable schema types it). */
  initialize(params: acp.InitializeRequest): InitializeResponse {
    this.initialized = true
    this.clientCapabilities = params.clientCapabilities
    return {
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: true },
        mcpCapabilities: mcpCapabilities(this.reads),
        sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {}, fork: {} },
        auth: { logout: {} },
      },
      agentInfo: { name: this.info.name, version: this.info.version },
      authMethods: authMethods(this.reads, params.clientCapabilities),
    }
  }

  authenticate(params: acp.AuthenticateRequest): acp.AuthenticateResponse {
    return authenticate(this.reads, params)
  }

  /** logout: the model adapters forget the key they hold in memory; no file is deleted (auth.ts). */
  logout(): acp.LogoutResponse {
    this.requireInit('logout')
    return logout(this.reads)
  }

  async newSession(params: unknown): Promise<acp.NewSessionResponse> {
    // Initialization is checked before the params, so an early request gets the right error.
    this.requireInit('session/new')
    const request = parseNewSession(params)
    const { servers, additionalDirectories } = checkSessionRequest(this.reads, 'session/new', request)
    const header = this.agent.newSession(request.cwd, additionalDirectories)
    const failures = await this.agent.connectServers(header.id, servers)
    this.owned.own(header.id, [])
    this.owned.introduce(
      header.id,
      failures.map(({ server, message }) => ({ server, message })),
    )
    return { sessionId: header.id, ...this.sessionState(header.id) }
  }

  /**
   * session/fork (unstable): a new session holding the history of `sessionId` up to a finished turn
   * (docs/fork.md). Like session/new, its command list follows the response; nothing is retold.
   */
  async forkSession(params: ForkParams): Promise<ForkSessionResponse> {
    this.requireInit('session/fork')
    const { sessionId: parentId, cwd, turn, ...place } = params
    // The fork's own cwd, which may differ from the parent's (a worktree of the same project): no recorded-cwd check.
    const { servers, additionalDirectories } = checkSessionRequest(this.reads, 'session/fork', { cwd, ...place })
    const header = agentCall(() =>
      this.agent.forkSession({ parentId, cwd, additionalDirectories, ...(turn === undefined ? {} : { turn }) }),
    )
    const failures = await this.agent.connectServers(header.id, servers)
    this.owned.own(header.id, this.sessions.read(header.id).events)
    this.owned.introduce(
      header.id,
      failures.map(({ server, message }) => ({ server, message })),
    )
    return { sessionId: header.id, ...this.sessionState(header.id) }
  }

  async loadSession(params: acp.LoadSessionRequest): Promise<acp.LoadSessionResponse> {
    this.requireInit('session/load')
    const { servers, additionalDirectories } = checkSessionRequest(this.reads, 'session/load', params)
    const log = agentCall(() => this.agent.loadSession(params.sessionId, additionalDirectories))
    const notes = this.owned.own(params.sessionId, log.events)
    for (const update of historyUpdates(log.events, this.tools)) this.owned.send(params.sessionId, update)
    await this.agent.connectServers(params.sessionId, servers)
    this.owned.send(params.sessionId, commandsUpdate(this.agent.commands.list()))
    if (notes.knownTitle)
      this.owned.send(params.sessionId, { sessionUpdate: 'session_info_update', title: notes.knownTitle })
    await this.owned.written()
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
    await this.owned.written()
    return { configOptions: this.optionsOf(params.sessionId) }
  }

  /** session/set_model (the request older clients send; config option `model` in newer ones). */
  async setModel(params: { sessionId: string; modelId: string }): Promise<Record<string, never>> {
    this.requireInit('session/set_model')
    this.requireSession(params.sessionId)
    agentCall(() => this.agent.setModel(params.sessionId, params.modelId))
    await this.owned.written()
    return {}
  }

  /** session/resume: as load, without retelling the history; logged as `session/resume`. */
  async resumeSession(params: acp.ResumeSessionRequest): Promise<acp.ResumeSessionResponse> {
    this.requireInit('session/resume')
    const { servers, additionalDirectories } = checkSessionRequest(this.reads, 'session/resume', params)
    agentCall(() => this.agent.resumeSession(params.sessionId, additionalDirectories))
    // The log's cost so far and its title (announced when its first turn ended) are taken in.
    this.owned.own(params.sessionId, this.sessions.read(params.sessionId).events)
    // No updates at all on resume (not even the command list): the client keeps what it had.
    await this.agent.connectServers(params.sessionId, servers)
    await this.owned.written()
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
    this.owned.forget(params.sessionId)
    await this.owned.written()
    return {}
  }

  /** session/delete: the session's logs leave the sessions root (plugins/session/delete-logs.ts). */
  async deleteSession(params: acp.DeleteSessionRequest): Promise<acp.DeleteSessionResponse> {
    this.requireInit('session/delete')
    try {
      await this.agent.deleteSession(params.sessionId)
    } catch (error) {
      throw deleteRefusal(error, params.sessionId)
    }
    this.owned.forget(params.sessionId)
    await this.owned.written()
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
    await this.owned.written()
    return {}
  }

  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    this.requireInit('session/prompt')
    this.requireSession(params.sessionId)
    refuseUnadvertisedBlocks(params.prompt)
    const promptClient: PromptClient = {
      requestPermission: (request) => this.requestPermission(request),
      access: clientAccess(this.clientCapabilities, this.owned.client!, params.sessionId, () => this.owned.written()),
      backlog: (signal) => this.owned.backlogWait(signal),
    }
    let outcome: TurnOutcome
    try {
      outcome = await this.agent.prompt(params.sessionId, params.prompt, promptClient)
    } catch (error) {
      throw toRequestError(error)
    } finally {
      await this.owned.written()
    }
    if (outcome.reason === 'error') throw modelError(outcome.error!)
    return { stopReason: outcome.reason === 'end_turn' ? 'end_turn' : outcome.reason }
  }

  cancel(params: acp.CancelNotification): void {
    if (this.owned.has(params.sessionId)) this.agent.cancel(params.sessionId)
  }

  /** A session event: its live updates go to the client if the session (or its subagent's parent) is its. */
  onSessionEvent(sessionId: string, event: SessionEvent): void {
    this.owned.onSessionEvent(sessionId, event)
  }

  /** Cancel the running turns of this client's sessions (its input ended: their prompts are answered). */
  cancelRunning(): void {
    for (const sessionId of this.owned.ids()) this.agent.cancel(sessionId)
  }

  /** The client went away: cancel its running turns and end its sessions' MCP servers. */
  cancelAll(): void {
    for (const sessionId of this.owned.ids()) void this.agent.releaseSession(sessionId)
  }

  /** What follows a response on the wire at once (a new session's command list after its session/new response). */
  afterResponse(response: acp.AnyMessage): acp.AnyMessage[] {
    return this.owned.afterResponse(response)
  }

  /** What session/new and session/load answer besides the id: the modes (older clients) and the options. */
  private sessionState(sessionId: string): { modes: acp.SessionModeState; configOptions: acp.SessionConfigOption[] } {
    return { modes: modeState(this.reads.agent.modeOf(sessionId)!), configOptions: this.optionsOf(sessionId) }
  }

  private optionsOf(sessionId: string): acp.SessionConfigOption[] {
    const { agent } = this.reads
    return configOptions({
      modeId: agent.modeOf(sessionId)!,
      model: agent.modelOf(sessionId)!,
      models: agent.models(sessionId),
    })
  }

  private async requestPermission(request: PermissionRequest): Promise<PermissionOutcomeRecord> {
    // The tool_call update announcing this call is still queued: the editor must see it first.
    await this.owned.written()
    if (request.signal.aborted) return { outcome: 'cancelled' }
    const warn = (warning: string) => this.ctx.emit(this.ctx, 'internal/warn', warning)
    return askPermission(this.owned.client!, request, takesSubagentSessions(this.unstable), warn)
  }

  private requireInit(method: string): void {
    if (!this.initialized)
      throw acp.RequestError.invalidRequest({ method }, `${method} before initialize: send "initialize" first`)
  }

  private requireSession(sessionId: string): void {
    this.owned.flushNotices(sessionId)
    if (!this.owned.has(sessionId) || !this.agent.has(sessionId)) {
      throw acp.RequestError.invalidParams(
        { sessionId },
        `unknown session "${sessionId}": create it with session/new or restore it with session/load`,
      )
    }
  }
}
