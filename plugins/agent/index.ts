import { type Context, Service } from 'cordis'
import type { z } from 'zod'
import type { ContentBlock } from '@agentclientprotocol/sdk'
import type {} from '../llm/index.ts'
import { type ChildHeader, isChildHeader, type SessionHeader } from '../session/events.ts'
import type {} from '../session/index.ts'
import type {} from '../tools/index.ts'
import type { McpFailure } from '../mcp/index.ts'
import { builtinCommands } from './builtin-commands.ts'
import { compactCommand } from './compact-command.ts'
import { type OwnCallRequest, ownCall } from './own-call.ts'
import { CommandRegistry } from './commands.ts'
import { AgentConfig } from './config.ts'
import { type ChildOutcome, type ChildRequest, runChild } from './child-session.ts'
import { type ForkRequest, forkSession } from './fork.ts'
import { loadSession } from './session-load.ts'
import type { ModeId } from './modes.ts'
import { ownFiles } from './own-files.ts'
import type { PromptClient } from './prompt-client.ts'
import { selectableModels } from './session-config.ts'
import { activateDirectories } from './session-directories.ts'
import { restoreRuntime, type SessionRuntime } from './session-runtime.ts'
import { changeMode, changeModel } from './session-settings.ts'
import { closeSession, deleteSession, type SessionEndHost } from './session-end.ts'
import { type ServerRequest, SessionServers } from './session-servers.ts'
import type { TurnOutcome } from './turn.ts'
import { promptTurn, type TurnsInFlight } from './prompt-turn.ts'
import { turnServices } from './turn-services.ts'
import { AgentRequestError } from './request-error.ts'
import { joinScope } from '../scope/index.ts'
import { untraced } from '../config/cordis-compat.ts'

export { AgentConfig } from './config.ts'
export { DEFAULT_MODE, MODE_IDS, type ModeId, SESSION_MODES } from './modes.ts'
export type { PermissionRequest, PromptClient } from './prompt-client.ts'
export type { TurnOutcome } from './turn.ts'
export type { ServerRequest } from './session-servers.ts'
export { ChildSpawnError, type ChildOutcome, type ChildRequest } from './child-session.ts'
export type { CommandContext, SlashCommand } from './commands.ts'
export type { OwnCallRequest } from './own-call.ts'
export type { ForkRequest } from './fork.ts'
export { MODEL_OPTION } from './session-config.ts'
export { AgentRequestError } from './request-error.ts'

declare module 'cordis' {
  interface Context {
    agent: Agent
  }
}

/**
 * The `agent` service: owns the sessions' runtime state and runs turns. It talks to
 * nobody directly — everything observable goes into the session log, and the ACP
 * bridge projects those events to the editor.
 */
export class Agent extends Service {
  static readonly provide = 'agent'
  // `mcp` is optional: without it, MCP servers a client names are logged as not connected.
  static readonly inject = {
    llm: { required: true },
    sessions: { required: true },
    tools: { required: true },
    mcp: { required: false },
  }
  static readonly Config = AgentConfig
  private sessions = new Map<string, SessionRuntime>()
  /** Each session's MCP servers and their tools. */
  readonly servers: SessionServers

  /**
   * Turns in flight: shutdown waits for them all, so their last events reach the log before it
   * closes; session/close waits for its session's ending before logging the close.
   */
  private readonly inFlight: TurnsInFlight = { all: new Set(), of: new Map() }
  public config: AgentConfig
  /** Slash commands: the agent's own, and any a plugin registers (`ctx.agent.commands.register`). */
  public readonly commands: CommandRegistry

  /** `ctx.plugin(Agent, config)` takes the input side; Cordis parses it with `Config` before constructing. */
  constructor(ctx: Context, config: z.input<typeof AgentConfig>)
  constructor(ctx: Context, config: AgentConfig) {
    super(ctx, 'agent')
    this.config = config
    this.servers = new SessionServers(ctx)
    this.commands = new CommandRegistry(ctx)
    for (const command of builtinCommands(this)) this.commands.register(command)
  }

  *[Service.init]() {
    // A scenario scope ends as a stop would (plugins/scope): its turns write their endings first.
    joinScope(this.ctx, { drain: () => this.closeSessions() })
    // Shutting down cancels every running turn, then waits for each to write its ending
    // (tool/result, step/end, turn/end) while the session store is still open.
    yield () => this.closeSessions()
  }

  /**
   * End every session: running turns are cancelled and each writes its ending, their MCP servers
   * end, then the sessions are forgotten (a request must create or load one again). At a stop, and
   * when a scenario scope is left (where a composition's shutdown would stop the agent).
   */
  private async closeSessions(): Promise<void> {
    for (const runtime of this.sessions.values()) runtime.running?.abort()
    await Promise.allSettled(this.inFlight.all)
    await this.servers.detachAll()
    this.sessions.clear()
  }

  /** A new session in `cwd`; its file tools also reach `additionalDirectories` (checked by the caller, logged). */
  newSession(cwd: string, additionalDirectories: readonly string[] = []): SessionHeader {
    const header = this.ctx.sessions.create({ cwd })
    const runtime = restoreRuntime(header, [], this.config.model)
    this.sessions.set(header.id, runtime)
    activateDirectories(runtime, this.ctx.sessions, additionalDirectories)
    return header
  }

  /**
   * Restore a persisted session (also one written by an earlier process) and return its log. The
   * request's `additionalDirectories` become the session's (none when it names none), logged if new.
   */
  loadSession(sessionId: string, additionalDirectories: readonly string[] = []) {
    const host = { sessions: this.sessions, store: this.ctx.sessions, model: this.config.model }
    const warn = (line: string) => this.ctx.emit(this.ctx, 'internal/warn', line)
    return loadSession(host, sessionId, additionalDirectories, warn)
  }

  /** session/fork: a new session from another's history (fork.ts); logged whole, then live like a new one. */
  forkSession(request: ForkRequest): SessionHeader {
    return forkSession({ sessions: this.sessions, store: this.ctx.sessions, model: this.config.model }, request)
  }

  has(sessionId: string): boolean {
    return this.sessions.has(sessionId)
  }

  cwdOf(sessionId: string): string | undefined {
    return this.sessions.get(sessionId)?.header.cwd
  }

  /** The additional directories a live session's file tools reach (and a sandbox may write). */
  additionalDirectoriesOf(sessionId: string): readonly string[] | undefined {
    return this.sessions.get(sessionId)?.additionalDirectories
  }

  /**
   * The id of the message a session's model step is streaming (or streamed last): its chunks carry it
   * on the wire before the step's `assistant/message` logs it (ACP `messageId`).
   */
  messageIdOf(sessionId: string): string | undefined {
    return this.sessions.get(sessionId)?.messageId
  }

  modeOf(sessionId: string): ModeId | undefined {
    return this.sessions.get(sessionId)?.mode
  }

  /** session/set_mode (see changeMode). */
  setMode(sessionId: string, modeId: string): void {
    changeMode(this.requireRuntime(sessionId), this.ctx.sessions, modeId)
  }

  modelOf(sessionId: string): string | undefined {
    return this.sessions.get(sessionId)?.model
  }

  /** The models a session can switch to: the llm service's, and the one it is on. */
  models(sessionId: string): string[] {
    const runtime = this.requireRuntime(sessionId)
    // A read, past Cordis's tracing proxy (a config option change asks several times).
    return selectableModels(untraced(this.ctx.llm).models(), runtime.model)
  }

  /** session/set_model, config option `model`, `/model` (see changeModel). */
  setModel(sessionId: string, model: string): void {
    changeModel(this.requireRuntime(sessionId), this.ctx.sessions, this.models(sessionId), model)
  }

  /** `/clear`: the model-visible history starts over (logged, so session/load agrees). */
  clearHistory(sessionId: string): void {
    const runtime = this.requireRuntime(sessionId)
    const event = this.ctx.sessions.append(sessionId, 'history/clear', {})
    runtime.history.add(event)
  }

  /** A plugin's own model call under its declared purpose, logged and replayed by identity (own-call.ts). */
  ask(sessionId: string, request: OwnCallRequest): Promise<string> {
    return ownCall(this.requireRuntime(sessionId), { llm: this.ctx.llm, store: this.ctx.sessions }, request)
  }

  /** `/compact`: summarise the conversation now (compact-command.ts). */
  compact(sessionId: string): Promise<string> {
    return compactCommand(this.requireRuntime(sessionId), {
      llm: this.ctx.llm,
      store: this.ctx.sessions,
      config: this.config,
    })
  }

  prompt(sessionId: string, content: ContentBlock[], client: PromptClient): Promise<TurnOutcome> {
    const runtime = this.requireRuntime(sessionId)
    const services = turnServices(this.ctx, this.servers, this.config, sessionId)
    const host = { commands: this.commands, services, inFlight: this.inFlight }
    return promptTurn(host, sessionId, runtime, content, client)
  }

  /**
   * Connects the MCP servers a client named for a session (checked with `servers.check` before
   * the session was created or re-attached); each failure is logged as `mcp/failure`.
   */
  connectServers(sessionId: string, request: ServerRequest) {
    const runtime = this.requireRuntime(sessionId)
    const { sessions } = this.ctx
    const log = (failure: McpFailure) =>
      sessions.append(sessionId, 'mcp/failure', { server: failure.server, message: failure.message })
    // Each stdio server's sandbox is logged as it starts (mcp/server), dsh's own files hidden from it.
    return this.servers.attach(sessionId, request, runtime.header.cwd, log, () => ({
      hidden: ownFiles(sessions.root, this.ctx.llm.adapters()),
      onSandbox: (server, sandbox) => sessions.append(sessionId, 'mcp/server', { server, sandbox }),
    }))
  }

  /** session/resume: re-attach a persisted session (as load does) without retelling its history. */
  resumeSession(sessionId: string, additionalDirectories: readonly string[] = []): void {
    const log = this.loadSession(sessionId, additionalDirectories)
    this.ctx.sessions.append(sessionId, 'session/resume', { cwd: log.header.cwd })
  }

  /**
   * session/close: cancels a running turn, ends the session's MCP servers, logs the close, and lets go
   * of its log and its subagents' logs (descriptors and locks: another process may load it now).
   */
  async closeSession(sessionId: string): Promise<void> {
    this.requireRuntime(sessionId)
    await closeSession(this.lifecycle(), sessionId)
  }

  /** session/delete (see deleteSession in session-end.ts); returns the files deleted. */
  deleteSession(sessionId: string): Promise<string[]> {
    return deleteSession(this.lifecycle(), sessionId)
  }

  private lifecycle(): SessionEndHost {
    return { sessions: this.sessions, turnOf: this.inFlight.of, servers: this.servers, store: this.ctx.sessions }
  }

  /** The client went away: its session's running turn is cancelled and its MCP servers end (nothing logged). */
  async releaseSession(sessionId: string): Promise<void> {
    this.cancel(sessionId)
    await this.servers.detach(sessionId)
  }

  private requireRuntime(sessionId: string): SessionRuntime {
    const runtime = this.sessions.get(sessionId)
    if (!runtime)
      throw new AgentRequestError(
        `unknown session "${sessionId}": create it with session/new or restore it with session/load first`,
        'unknown-session',
      )
    return runtime
  }

  /** A `task` call's child session (plugins/subagents): one turn, answered with its final message. */
  runChild(request: ChildRequest, signal: AbortSignal): Promise<ChildOutcome> {
    // The parent session's tools, its MCP servers' included: a child's are a subset of them.
    const services = turnServices(this.ctx, this.servers, this.config, request.origin.sessionId)
    return runChild({ ...services, sessions: this.sessions }, request, signal)
  }

  /** A live subagent's header (it names its parent session and call); undefined for any other session. */
  childHeader(sessionId: string): ChildHeader | undefined {
    const header = this.sessions.get(sessionId)?.header
    return header && isChildHeader(header) ? header : undefined
  }

  /** A live subagent's `task` (its title and prompt); undefined for any other session. */
  childTask(sessionId: string): { title: string; prompt: string } | undefined {
    return this.sessions.get(sessionId)?.task
  }

  /** session/cancel: idempotent, and a no-op for an idle or unknown session (it is a notification). */
  cancel(sessionId: string): void {
    this.sessions.get(sessionId)?.running?.abort()
  }
}

export const name = 'agent'
export default Agent
