// A subagent: a child session a `task` call spawns (plugins/subagents). It has its own id and log
// (the header names the parent session, the spawning call and where that call stands), its own
// turn loop and step limit, the parent's cwd and mode, and asks the user through the parent's client.
import type { SessionStore } from '../session/index.ts'
import type { Tool, ToolCallOrigin } from '../tools/types.ts'
import type { AgentConfig } from './config.ts'
import { DEFAULT_MODE, offeredTools } from './modes.ts'
import type { PromptClient } from './prompt-client.ts'
import { activateDirectories } from './session-directories.ts'
import { restoreRuntime, type SessionRuntime } from './session-runtime.ts'
import { runTurn, type TurnOutcome } from './turn.ts'
import { Turn, type TurnInit } from './turn-state.ts'
import { plural } from '../../lib/plural.ts'

export interface ChildRequest {
  origin: ToolCallOrigin
  /** A short title: the child's name in results, errors and the editor. */
  description: string
  prompt: string
  /** A subset of the tools the parent is offered; absent: its read-only tools and `bash`. */
  tools?: readonly string[]
  maxDepth: number
  maxSteps: number
  /** The child's model; absent: the agent's. */
  model?: string
}

export type ChildOutcome = { sessionId: string; ok: boolean; output: string }

/** A `task` call the agent refuses before any child exists; the message says what to change. */
export class ChildSpawnError extends Error {
  constructor(
    message: string,
    readonly code: 'SUBAGENT_DEPTH' | 'SUBAGENT_UNKNOWN_TOOL' | 'SUBAGENT_NO_PARENT',
  ) {
    super(message)
    this.name = 'ChildSpawnError'
  }
}

/** What a child needs from the agent: its sessions, store, model and tools. */
interface ChildHost extends Pick<TurnInit, 'llm' | 'registry' | 'config' | 'hidden' | 'redact'> {
  sessions: Map<string, SessionRuntime>
  store: Pick<SessionStore, 'append' | 'create'>
}

/** Names of the tools a child of `parent` gets; throws ChildSpawnError for a depth or tool it cannot have. */
function childTools(host: ChildHost, parent: SessionRuntime, request: ChildRequest): Set<string> {
  const where = `task call ${request.origin.callId}`
  if (parent.depth + 1 > request.maxDepth)
    throw new ChildSpawnError(
      `${where}: subagents cannot go deeper than ${plural(request.maxDepth, 'level')} (subagents config "maxDepth"); ` +
        'this session is already at that depth, so do the work here instead of spawning a task',
      'SUBAGENT_DEPTH',
    )
  const offered = offeredTools(host.registry.list(), parent.mode).filter(
    (tool) => !parent.allowedTools || parent.allowedTools.has(tool.name),
  )
  const names = offered.map((tool) => tool.name)
  if (!request.tools) return new Set(offered.filter(isDefaultChildTool).map((tool) => tool.name))
  const unknown = request.tools.filter((name) => !names.includes(name))
  if (unknown.length)
    throw new ChildSpawnError(
      `${where}: "tools" names ${unknown.map((name) => `"${name}"`).join(', ')}, which this session is not ` +
        `offered; choose from: ${names.join(', ') || 'none'}`,
      'SUBAGENT_UNKNOWN_TOOL',
    )
  return new Set(request.tools)
}

/** The default: tools that only look, and `bash` (still asked for under the parent's mode). */
function isDefaultChildTool(tool: Tool): boolean {
  return tool.kind === 'read' || tool.kind === 'search' || tool.name === 'bash'
}

/** Spawns the child, runs its one turn to the end and answers with its final message or why it failed. */
export async function runChild(host: ChildHost, request: ChildRequest, signal: AbortSignal): Promise<ChildOutcome> {
  const { origin } = request
  const parent = host.sessions.get(origin.sessionId)
  if (!parent?.client)
    throw new ChildSpawnError(
      `task call ${origin.callId}: session ${origin.sessionId} has no running prompt`,
      'SUBAGENT_NO_PARENT',
    )
  const tools = childTools(host, parent, request)
  const header = host.store.create({
    cwd: parent.header.cwd,
    parent: {
      parentSession: origin.sessionId,
      parentCallId: origin.callId,
      spawn: { turn: origin.turn, step: origin.step, call: origin.call },
    },
  })
  const child = restoreRuntime(header, [], parent.model)
  child.depth = parent.depth + 1
  child.allowedTools = tools
  child.task = { title: request.description, prompt: request.prompt }
  host.sessions.set(header.id, child)
  if (parent.mode !== DEFAULT_MODE) host.store.append(header.id, 'mode/change', { modeId: parent.mode })
  // The parent's additional directories: a child reaches what its parent reaches, no more.
  activateDirectories(child, host.store, parent.additionalDirectories)
  child.mode = parent.mode
  const controller = new AbortController()
  const abort = () => controller.abort()
  signal.addEventListener('abort', abort, { once: true })
  if (signal.aborted) controller.abort()
  child.running = controller
  child.client = childClient(parent.client, origin, { sessionId: header.id, title: request.description })
  try {
    const config: AgentConfig = {
      ...host.config,
      maxStepsPerTurn: request.maxSteps,
      model: request.model ?? host.config.model,
    }
    const turn = new Turn({ ...host, runtime: child, config, client: child.client, signal: controller.signal })
    const outcome = await runTurn(turn, [{ type: 'text', text: request.prompt }])
    return childOutcome(child, request, outcome)
  } finally {
    signal.removeEventListener('abort', abort)
    child.running = undefined
    child.client = undefined
  }
}

/** The parent's client, with each question naming the child that asks and the call it runs under. */
function childClient(parent: PromptClient, origin: ToolCallOrigin, child: { sessionId: string; title: string }) {
  const client: PromptClient = {
    // An outer parent rewrites `via`, so it ends up naming the session the client opened; `child` stays the asker.
    requestPermission: (request) =>
      parent.requestPermission({
        ...request,
        via: { sessionId: origin.sessionId, callId: origin.callId },
        child: request.child ?? child,
      }),
  }
  if (parent.access) client.access = parent.access
  return client
}

function childOutcome(child: SessionRuntime, request: ChildRequest, outcome: TurnOutcome): ChildOutcome {
  const sessionId = child.header.id
  if (outcome.reason === 'end_turn') {
    const last = child.history.messages.findLast((message) => message.role === 'assistant')
    return { sessionId, ok: true, output: last?.content || '(the subagent finished without a message)' }
  }
  return {
    sessionId,
    ok: false,
    // Named by title and call, never by session id: that is random per run, and the model's history is replayed.
    output: `Subagent "${request.description}" (task call ${request.origin.callId}) failed: ${why(outcome, request)}`,
  }
}

function why(outcome: TurnOutcome, request: ChildRequest): string {
  switch (outcome.reason) {
    case 'max_turn_requests':
      return `it reached its step limit of ${request.maxSteps} model calls (subagents config "maxSteps")`
    case 'cancelled':
      return 'it was cancelled with the parent prompt'
    case 'max_tokens':
      return 'its reply hit the model token limit'
    case 'error':
      return `model error ${outcome.error?.code ?? 'UNKNOWN'}: ${outcome.error?.message ?? 'the model failed'}`
    default:
      return `it ended with "${outcome.reason}"`
  }
}
