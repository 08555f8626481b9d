// An in-process agent (llm + echo + sessions + tools + agent + acp) and an SDK client
// connected over an in-memory byte pipe: the fixture for the bridge's behaviour tests.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { Context } from 'cordis'
import { createMemoryPipe } from '../memory-pipe.ts'
import Agent from '../../agent/index.ts'
import LlmService from '../../llm/index.ts'
import * as echo from '../../llm-echo/index.ts'
import SessionStore from '../../session/index.ts'
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
  transcript(): string
  close(): Promise<void>
}

export async function startHarness(options: { maxStepsPerTurn?: number } = {}): Promise<Harness> {
  const base = mkdtempSync(join(tmpdir(), 'dsh-acp-'))
  const cwd = join(base, 'cwd')
  const sessionsRoot = join(base, 'sessions')
  mkdirSync(cwd)
  const ctx = new Context()
  await ctx.plugin(LlmService)
  await ctx.plugin(echo, { models: ['echo'] })
  await ctx.plugin(SessionStore, { root: sessionsRoot })
  await ctx.plugin(ToolsService, { bash: { timeoutMs: 20_000, killGraceMs: 200 } })
  await ctx.plugin(Agent, {
    model: 'echo',
    ...(options.maxStepsPerTurn ? { maxStepsPerTurn: options.maxStepsPerTurn } : {}),
  })
  await ctx.plugin(AcpBridge, { transport: 'none' })
  const pipe = createMemoryPipe()
  ctx.acp.serve(pipe.agentStream())

  const harness = { updates: [], permissionRequests: [], answers: [] } as unknown as Harness
  const client = acp
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
  const connection = client.connect(acp.ndJsonStream(pipe.client.output, pipe.client.input))
  Object.assign(harness, {
    ctx,
    agent: connection.agent,
    cwd,
    sessionsRoot,
    transcript: pipe.transcript,
    close: async () => {
      connection.close()
      await ctx.fiber.dispose()
      rmSync(base, { recursive: true, force: true })
    },
  })
  return harness
}

export async function initialize(agent: acp.ClientContext) {
  return agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
}

export function text(updates: acp.SessionNotification[]): string {
  return updates
    .map((n) => n.update)
    .filter((u) => u.sessionUpdate === 'agent_message_chunk')
    .map((u) => (u as { content: { text: string } }).content.text)
    .join('')
}
