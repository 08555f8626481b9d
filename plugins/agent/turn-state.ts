// The state of one running turn, in one object the loop's parts share: which session and
// turn it is, where its events go, what the model is offered, how the user is asked and how
// the turn is cancelled. The policy (steps, calls, approval) lives in the functions taking it.
import type { LlmService } from '../llm/index.ts'
import type { EventData, EventType, SessionEvent } from '../session/events.ts'
import type { History, HistoryEvent } from '../session/history.ts'
import type { SessionStore } from '../session/index.ts'
import type { ToolsService } from '../tools/index.ts'
import type { Tool } from '../tools/types.ts'
import type { AgentConfig } from './config.ts'
import { type ModeId, offeredTools } from './modes.ts'
import type { StandingDecision } from './permission.ts'
import type { InstructionFile } from './project-instructions.ts'
import type { PromptClient } from './prompt-client.ts'
import type { RequestHeader, SessionRuntime } from './session-runtime.ts'

export interface TurnInit {
  /** The session's state between turns; the turn takes the next number from it. */
  runtime: SessionRuntime
  llm: Pick<LlmService, 'stream'> & Partial<Pick<LlmService, 'wait' | 'contextWindow'>>
  /** Where the turn's events go (the session store, or a stand-in in a test). */
  store: Pick<SessionStore, 'append'>
  /** The registered tools; the session's mode decides which of them the model is offered. */
  registry: Pick<ToolsService, 'list' | 'get'>
  config: AgentConfig
  /**
   * Folders the file tools keep out of (the sessions root: the model never reads its own logs), asked
   * when a tool first needs them: most turns of a text answer never do (turn-services.ts).
   */
  hidden?: () => readonly string[]
  client: PromptClient
  /** Aborted by session/cancel and by shutdown. */
  signal: AbortSignal
  /** Takes every form of the secrets the model adapters hold out of a text (held-secrets.ts). */
  redact?: (text: string) => string
}

export class Turn {
  readonly sessionId: string
  /** The turn's number in its session (1 for the first prompt). */
  readonly number: number
  readonly runtime: SessionRuntime
  readonly llm: Pick<LlmService, 'stream'> & Partial<Pick<LlmService, 'wait' | 'contextWindow'>>
  readonly store: Pick<SessionStore, 'append'>
  readonly registry: Pick<ToolsService, 'list' | 'get'>
  readonly config: AgentConfig
  private readonly hiddenOf?: () => readonly string[]
  readonly client: PromptClient
  readonly signal: AbortSignal
  readonly redact?: (text: string) => string
  /** This turn's events as logged (model chunks aside): what closes it if the log fails mid-turn. */
  readonly logged: HistoryEvent[] = []
  /** The project instructions read at the turn's start (project-instructions.ts). */
  instructions: InstructionFile[] = []

  constructor(init: TurnInit) {
    this.runtime = init.runtime
    this.sessionId = init.runtime.header.id
    this.llm = init.llm
    this.store = init.store
    this.registry = init.registry
    this.config = init.config
    this.hiddenOf = init.hidden
    this.client = init.client
    this.signal = init.signal
    this.redact = init.redact
    this.number = ++init.runtime.turn
  }

  /** Folders the file tools keep out of (TurnInit's `hidden`), listed at the first use. */
  get hidden(): readonly string[] | undefined {
    return this.hiddenOf?.()
  }

  get cwd(): string {
    return this.runtime.header.cwd
  }

  /** What the file tools reach besides the cwd (ACP `additionalDirectories`), read at each use. */
  get additionalDirectories(): readonly string[] {
    return this.runtime.additionalDirectories
  }

  /** Read at each use: session/set_mode applies from the next model call and approval, also mid-turn. */
  get mode(): ModeId {
    return this.runtime.mode
  }

  get history(): History {
    return this.runtime.history
  }

  /** Tool name → a remembered `allow_always` / `reject_always` answer of this session. */
  get standing(): Map<string, StandingDecision> {
    return this.runtime.standing
  }

  /** The (model, system, tools) the session last logged in a `request/header`. */
  get lastHeader(): RequestHeader | undefined {
    return this.runtime.lastHeader
  }

  set lastHeader(header: RequestHeader) {
    this.runtime.lastHeader = header
  }

  /** Logs an event of this session and folds it into the model-visible history. */
  append<K extends EventType>(type: K, data: EventData[K]): SessionEvent<K> {
    // The store first: an event that failed to be written is in neither the log nor the history.
    const event = this.store.append(this.sessionId, type, data)
    // The history needs messages, not the chunks they were streamed in (the log keeps those).
    if (type !== 'assistant/chunk') {
      this.history.add(event)
      this.logged.push(event)
    }
    return event
  }

  /** The tools the model is offered now, in registry order. */
  offeredTools(): Tool[] {
    // A tool that needs something of the client (the user's questions) is offered only with it.
    const access = this.client.access
    const usable = this.registry.list().filter((tool) => !tool.requiresClient || access?.[tool.requiresClient])
    const offered = offeredTools(usable, this.mode)
    const allowed = this.runtime.allowedTools
    return allowed ? offered.filter((tool) => allowed.has(tool.name)) : offered
  }
}
