// issue 24 item 1 with real processes: the MCP servers a client names end with their session and
// with dsh (session/close, stdin EOF, SIGTERM, SIGKILL), and a stdio server inherits no API key.
// Unconfined (the mcp entry's sandbox.mode: off), so the fixture's pids are this machine's; the
// confined servers are plugins/mcp/server-daemon.process.test.ts's.
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { signalGroup } from '../../lib/process/group.ts'
import { readProcStat, waitGroupGone } from '../../lib/process/liveness.ts'
import {
  cleanupDshProcesses,
  ECHO_OVERLAY,
  repoRoot,
  sandboxOff,
  scratch,
  startDsh,
} from './test-support/dsh-process.ts'

const FIXTURE = join(repoRoot, 'plugins', 'mcp', 'test-support', 'fixture-server.mjs')
const groups: number[] = []
afterEach(async () => {
  for (const pgid of groups.splice(0)) signalGroup(pgid, 'SIGKILL')
  await cleanupDshProcesses()
})

type Dsh = ReturnType<typeof startDsh>

/** The echo composition with the MCP servers unconfined. */
function startUnconfined(base: string, cwd: string, sessions: string, env: NodeJS.ProcessEnv = {}): Dsh {
  return startDsh(cwd, sessions, { patches: [ECHO_OVERLAY, sandboxOff(base, 'mcp')], env })
}

async function sessionWithServer(dsh: Dsh, cwd: string): Promise<string> {
  await dsh.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  const mcpServers = [{ name: 'fx', command: process.execPath, args: [FIXTURE], env: [] }]
  const response: acp.NewSessionResponse = await dsh.rpc.request(acp.methods.agent.session.new, { cwd, mcpServers })
  return response.sessionId
}

/** Runs an MCP tool through the echo model; returns the text of its completed tool call. */
async function callTool(dsh: Dsh, sessionId: string, tool: string): Promise<string> {
  await dsh.rpc.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: `tool mcp__fx__${tool} {}` }],
  })
  for (const { update } of dsh.updates) {
    if (update.sessionUpdate !== 'tool_call_update' || update.status !== 'completed') continue
    const block = update.content?.[0]
    if (block?.type === 'content' && block.content.type === 'text') return block.content.text
  }
  throw new Error(`no completed call of ${tool} in ${JSON.stringify(dsh.updates)}`)
}

/** The process group of the MCP server, found through a `sleep` it started (the fixture's `sleeper`). */
async function serverGroup(dsh: Dsh, sessionId: string): Promise<number> {
  const pid = Number(await callTool(dsh, sessionId, 'sleeper'))
  const pgid = readProcStat(pid)!.pgrp
  groups.push(pgid)
  expect(await waitGroupGone(pgid, { timeoutMs: 0 })).toBe(false)
  return pgid
}

describe('MCP servers of a real dsh', () => {
  const endings: Array<[string, (dsh: Dsh, sessionId: string) => Promise<unknown>]> = [
    ['session/close', (dsh, sessionId) => dsh.rpc.request(acp.methods.agent.session.close, { sessionId })],
    ['stdin EOF', (dsh) => dsh.agent.shutdown()],
    [
      'SIGTERM',
      (dsh) => {
        dsh.agent.child.kill('SIGTERM')
        return dsh.agent.exited
      },
    ],
    [
      'SIGKILL',
      (dsh) => {
        dsh.agent.child.kill('SIGKILL')
        return dsh.agent.exited
      },
    ],
  ]

  it.each(endings)('end with their whole process group on %s', async (_name, end) => {
    const { base, cwd, sessions } = scratch()
    const dsh = startUnconfined(base, cwd, sessions)
    const sessionId = await sessionWithServer(dsh, cwd)
    const pgid = await serverGroup(dsh, sessionId)
    await end(dsh, sessionId)
    expect(await waitGroupGone(pgid, { timeoutMs: 10_000 })).toBe(true)
  })

  it('start without the API key dsh was given', async () => {
    const { base, cwd, sessions } = scratch()
    const dsh = startUnconfined(base, cwd, sessions, { DEEPSEEK_API_KEY: 'sk-never-for-mcp' })
    const sessionId = await sessionWithServer(dsh, cwd)
    const names = (await callTool(dsh, sessionId, 'env')).split(',')
    expect(names).toContain('PATH')
    expect(names.filter((name) => /KEY|TOKEN|SECRET/.test(name))).toEqual([])
  })
})
