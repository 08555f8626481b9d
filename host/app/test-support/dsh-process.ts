// The real `dsh` process (built bin) over stdio with an SDK client, for tests of what only a
// process shows. Every start registers its cleanup; call `cleanupDshProcesses` in afterEach.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { SessionEventFeed } from '../../snapshot/service/driver/event-feed.ts'
import { SessionLogTail } from '../../snapshot/run/log-tail.ts'
import { AgentProcess } from '../../../lib/process/agent-process.ts'
import { packageRoot } from '../../../lib/package-root.ts'

export const repoRoot = packageRoot
const cleanups: Array<() => Promise<unknown> | void> = []

export async function cleanupDshProcesses(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
}

/** A fresh project folder (cwd) and sessions root, removed at cleanup. */
export function scratch() {
  const base = mkdtempSync(join(tmpdir(), 'dsh-proc-'))
  const cwd = join(base, 'cwd')
  const sessions = join(base, 'sessions')
  mkdirSync(cwd)
  mkdirSync(sessions)
  cleanups.push(() => rmSync(base, { recursive: true, force: true }))
  return { base, cwd, sessions }
}

/** The echo overlay. */
export const ECHO_OVERLAY = join(repoRoot, 'overlays', 'echo.cordis.yml')

/**
 * An overlay in `base` that turns the sandbox off for the tools entry (bash) or the mcp entry: for
 * tests whose subject is the unconfined run (process groups, the lifeline, markers, pids the
 * command writes; docs/sandbox.md).
 */
export function sandboxOff(base: string, entry: 'tools' | 'mcp' = 'tools'): string {
  const file = join(base, `${entry}-sandbox-off.cordis.yml`)
  writeFileSync(file, `- id: ${entry}\n  config:\n    sandbox: { mode: off }\n`)
  return file
}

export interface DshOptions {
  /** Overlay files after cordis.yml (default: the echo model). */
  patches?: string[]
  /** Variables besides PATH and DSH_SESSIONS_ROOT. */
  env?: NodeJS.ProcessEnv
  /** Answers permission requests (default: the first option, allow once). */
  onPermission?: (params: acp.RequestPermissionRequest) => acp.RequestPermissionResponse
}

export function startDsh(cwd: string, sessions: string, options: DshOptions = {}) {
  const patches = options.patches ?? [join(repoRoot, 'overlays', 'echo.cordis.yml')]
  const agent = new AgentProcess({
    command: process.execPath,
    args: [
      join(repoRoot, 'bin', 'dsh.js'),
      '--config',
      join(repoRoot, 'cordis.yml'),
      ...patches.flatMap((patch) => ['--patch', patch]),
    ],
    cwd,
    env: { PATH: process.env.PATH, DSH_SESSIONS_ROOT: sessions, ...options.env },
    shutdownPhaseMs: 3000,
  })
  const feed = new SessionEventFeed()
  const tail = new SessionLogTail(sessions, feed)
  const updates: acp.SessionNotification[] = []
  const answer =
    options.onPermission ??
    ((params: acp.RequestPermissionRequest) => ({
      outcome: { outcome: 'selected' as const, optionId: params.options[0]!.optionId },
    }))
  const connection = acp
    .client({ name: 'test' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params)
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => answer(params))
    .connect(acp.ndJsonStream(agent.output, agent.input))
  cleanups.push(async () => {
    tail.close()
    connection.close()
    await agent.shutdown()
  })
  return { agent, feed, tail, updates, rpc: connection.agent }
}

export async function openSession(rpc: acp.ClientContext, cwd: string): Promise<string> {
  await rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  return (await rpc.request(acp.methods.agent.session.new, { cwd, mcpServers: [] })).sessionId
}
