// An in-process agent (llm + echo + sessions + tools + agent + acp) and an SDK client
// connected over an in-memory byte pipe: the fixture for the bridge's behaviour tests.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { Context } from 'cordis'
import { LocalTerminals } from '../../../lib/process/terminals.ts'
import { createMemoryPipe } from './memory-pipe.ts'
import Agent from '../../agent/index.ts'
import LlmService from '../../llm/index.ts'
import { ScopeService } from '../../scope/index.ts'
import * as echo from '../../llm-echo/index.ts'
import * as subagents from '../../subagents/index.ts'
import SessionStore from '../../session/index.ts'
import type { SessionEvent } from '../../session/events.ts'
import ToolsService from '../../tools/index.ts'
import AcpBridge from '../index.ts'

export interface Harness {
  ctx: Context
  agent: acp.ClientContext
  cwd: string
  sessionsRoot: string
  updates: acp.SessionNotification[]
  permissionRequests: acp.RequestPermissionRequest[]
  /** Answers permission requests in order; an empty queue answers `cancelled`, `hold` never answers. */
  answers: Array<acp.PermissionOptionKind | 'hold'>
  /** Editor buffers (absolute path → unsaved text) that fs/read_text_file answers instead of the disk. */
  buffers: Map<string, string>
  /** The client's terminals (real local processes), for clients that advertise `terminal`. */
  terminals: LocalTerminals
  /** The agent → client requests other than permission requests (fs/*, terminal/*), in arrival order. */
  reverseCalls: Array<{ method: string; params: Record<string, unknown> }>
  /** Answers elicitation/create in order; an empty queue answers `cancel`, `hold` waits for the withdrawal. */
  questionAnswers: Array<acp.CreateElicitationResponse | 'hold'>
  transcript(): string
  /** session/new in the harness's cwd with no MCP servers. */
  newSession(): Promise<acp.NewSessionResponse>
  /** session/prompt with one text block. */
  prompt(sessionId: string, words: string): Promise<acp.PromptResponse>
  close(): Promise<void>
}

/** What the test client records and answers with: the harness's own fields, read when a request arrives. */
type ClientRecord = Pick<
  Harness,
  'updates' | 'permissionRequests' | 'answers' | 'buffers' | 'reverseCalls' | 'questionAnswers'
>

export interface HarnessOptions {
  maxStepsPerTurn?: number
  /** Loads the subagents plugin (the `task` tool) with this config. */
  subagents?: subagents.SubagentsConfigInput
  /** The echo model's names (default `['echo']`; the session starts on the first). */
  models?: string[]
  /** Agent pricing: usage_update then carries a cost. */
  pricing?: { currency: string; inputPerMillion: number; outputPerMillion: number }
  /** The agent's context window (tokens): a prompt past it is CONTEXT_OVERFLOW (docs/compaction.md). */
  contextWindow?: number
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const base = mkdtempSync(join(tmpdir(), 'dsh-acp-'))
  const cwd = join(base, 'cwd')
  const sessionsRoot = join(base, 'sessions')
  mkdirSync(cwd)
  const ctx = await startAgent(sessionsRoot, options)
  const pipe = createMemoryPipe()
  ctx.acp.serve(pipe.agentStream())

  const terminals = new LocalTerminals(cwd, { PATH: process.env.PATH ?? '' })
  const record: ClientRecord = {
    updates: [],
    permissionRequests: [],
    answers: [],
    buffers: new Map(),
    reverseCalls: [],
    questionAnswers: [],
  }
  const connection = testClient(record, terminals).connect(acp.ndJsonStream(pipe.client.output, pipe.client.input))
  return Object.assign(record, {
    ctx,
    agent: connection.agent,
    cwd,
    sessionsRoot,
    terminals,
    transcript: pipe.transcript,
    newSession: () => connection.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] }),
    prompt: (sessionId: string, words: string) =>
      connection.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: words }],
      }),
    close: async () => {
      connection.close()
      await ctx.fiber.dispose()
      await terminals.releaseAll()
      rmSync(base, { recursive: true, force: true })
    },
  })
}

/** llm + echo + sessions + tools + agent + acp (served by the caller), in a Cordis root of their own. */
async function startAgent(sessionsRoot: string, options: HarnessOptions): Promise<Context> {
  const ctx = new Context()
  const models = options.models ?? ['echo']
  await ctx.plugin(ScopeService)
  await ctx.plugin(LlmService)
  await ctx.plugin(echo, { models })
  await ctx.plugin(SessionStore, { root: sessionsRoot })
  // The bridge's tests look at process groups and the client's terminals: bash runs unconfined here
  // (confined, it would run locally and in a PID namespace of its own; docs/sandbox.md).
  await ctx.plugin(ToolsService, { bash: { timeoutMs: 20_000, killGraceMs: 200 }, sandbox: { mode: 'off' } })
  await ctx.plugin(Agent, {
    model: models[0],
    ...(options.maxStepsPerTurn ? { maxStepsPerTurn: options.maxStepsPerTurn } : {}),
    ...(options.pricing ? { pricing: options.pricing } : {}),
    ...(options.contextWindow ? { contextWindow: options.contextWindow } : {}),
  })
  if (options.subagents) await ctx.plugin(subagents, subagents.SubagentsConfig.parse(options.subagents))
  await ctx.plugin(AcpBridge, { transport: 'none' })
  return ctx
}

/** The SDK client: records updates and reverse calls, answers permissions from the queue, fs and terminals locally. */
function testClient(harness: ClientRecord, terminals: LocalTerminals) {
  const record = (method: string, params: object) =>
    harness.reverseCalls.push({ method, params: params as Record<string, unknown> })
  return acp
    .client({ name: 'test-client' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      harness.updates.push(params)
    })
    .onRequest(acp.methods.client.session.requestPermission, async ({ params, signal }) => {
      harness.permissionRequests.push(params)
      const kind = harness.answers.shift()
      if (kind === 'hold') await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
      const option = params.options.find((o) => o.kind === kind)
      return { outcome: option ? { outcome: 'selected', optionId: option.optionId } : { outcome: 'cancelled' } }
    })
    .onRequest(acp.methods.client.elicitation.create, async ({ params, signal }) => {
      record('elicitation/create', params)
      const answer = harness.questionAnswers.shift() ?? { action: 'cancel' }
      if (answer !== 'hold') return answer
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
      record('$/cancel_request', { withdrawn: true })
      return { action: 'cancel' }
    })
    .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => {
      record('fs/read_text_file', params)
      return { content: harness.buffers.get(params.path) ?? readFileSync(params.path, 'utf8') }
    })
    .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => {
      record('fs/write_text_file', params)
      harness.buffers.delete(params.path)
      writeFileSync(params.path, params.content)
      return {}
    })
    .onRequest(acp.methods.client.terminal.create, ({ params }) => {
      record('terminal/create', params)
      return terminals.create(params)
    })
    .onRequest(acp.methods.client.terminal.output, ({ params }) => {
      record('terminal/output', params)
      return terminals.output(params.terminalId)
    })
    .onRequest(acp.methods.client.terminal.waitForExit, async ({ params }) => {
      record('terminal/wait_for_exit', params)
      return terminals.waitForExit(params.terminalId)
    })
    .onRequest(acp.methods.client.terminal.kill, async ({ params }) => {
      record('terminal/kill', params)
      await terminals.kill(params.terminalId)
      return {}
    })
    .onRequest(acp.methods.client.terminal.release, async ({ params }) => {
      record('terminal/release', params)
      await terminals.release(params.terminalId)
      return {}
    })
}

/** Answers fs/* and terminal/* only if `clientCapabilities` advertises them (the agent must not ask otherwise). */
export async function initialize(agent: acp.ClientContext, clientCapabilities: acp.ClientCapabilities = {}) {
  return agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities })
}

export function text(updates: acp.SessionNotification[]): string {
  return updates
    .map((n) => n.update)
    .filter((u) => u.sessionUpdate === 'agent_message_chunk')
    .map((u) => (u as { content: { text: string } }).content.text)
    .join('')
}

/** How long a test waits for a session event before failing with what it waited for. */
const EVENT_WAIT_MS = 10_000

/** Resolves at the first session event `matches` accepts; rejects naming `what` after EVENT_WAIT_MS. */
function untilEvent(
  h: Pick<Harness, 'ctx'>,
  matches: (sessionId: string, event: SessionEvent) => boolean,
  what: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off()
      reject(new Error(`waited ${EVENT_WAIT_MS / 1000} s for ${what}`))
    }, EVENT_WAIT_MS)
    const off = h.ctx.on('session/event', (id, event) => {
      if (!matches(id, event)) return
      clearTimeout(timer)
      off()
      resolve()
    })
  })
}

/** Resolves at the next durable `type` event of the session (register it before causing the event). */
export function waitForEvent(h: Pick<Harness, 'ctx'>, sessionId: string, type: string): Promise<void> {
  return untilEvent(h, (id, event) => id === sessionId && event.type === type, `${type} in session ${sessionId}`)
}

/**
 * Resolves once `count` child sessions have started a turn, so that cancelling their parent
 * reaches each of them rather than stopping a spawn that has not happened yet.
 */
export function waitForChildTurns(h: Pick<Harness, 'ctx'>, count: number): Promise<void> {
  const started = new Set<string>()
  const isChildTurn = (id: string, event: SessionEvent) =>
    event.type === 'turn/start' && Boolean(h.ctx.sessions.read(id).header?.parentSession)
  return untilEvent(
    h,
    (id, event) => isChildTurn(id, event) && started.add(id).size >= count,
    `${count} child sessions to start a turn`,
  )
}
