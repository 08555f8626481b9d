// issue 43 item 10 with the real dsh: an MCP stdio server double-forks a setsid daemon; the daemon
// ends with the session (session/close) and with dsh (kill -9), confined (the sandbox's namespace;
// the unconfined run where this machine has no sandbox) and unconfined (the marker and lifeline).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { withTimeout } from '../../lib/with-timeout.ts'
import { cleanupDshProcesses, repoRoot, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'
import { processesWithArg } from '../tools/test-support/sandbox.ts'

const FIXTURE = join(repoRoot, 'plugins', 'mcp', 'test-support', 'fixture-server.mjs')
afterEach(async () => {
  await cleanupDshProcesses()
})

type Dsh = ReturnType<typeof startDsh>

function start(mode: 'preferred' | 'off'): { dsh: Dsh; cwd: string; sessions: string } {
  const { base, cwd, sessions } = scratch()
  const overlay = join(base, 'mcp-sandbox.cordis.yml')
  writeFileSync(overlay, `- id: mcp\n  config:\n    sandbox: { mode: ${mode} }\n`)
  const dsh = startDsh(cwd, sessions, { patches: [join(repoRoot, 'overlays', 'echo.cordis.yml'), overlay] })
  return { dsh, cwd, sessions }
}

async function until(what: string, test: () => boolean): Promise<void> {
  const poll = async () => {
    while (!test()) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await withTimeout(poll(), 10_000, what)
}

/** A session whose server started the daemon named by `token`; resolves once the daemon runs. */
async function sessionWithDaemon(dsh: Dsh, cwd: string, token: string): Promise<string> {
  await dsh.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  const mcpServers = [{ name: 'fx', command: process.execPath, args: [FIXTURE], env: [] }]
  const response: acp.NewSessionResponse = await dsh.rpc.request(acp.methods.agent.session.new, { cwd, mcpServers })
  const { sessionId } = response
  await dsh.rpc.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: `tool mcp__fx__daemon ${JSON.stringify({ token })}` }],
  })
  await until(`the daemon ${token}`, () => processesWithArg(token).length > 0)
  return sessionId
}

describe('a daemon an MCP server started', () => {
  const modes = ['preferred', 'off'] as const
  it.each(modes)(
    'ends on session/close (sandbox.mode %s)',
    async (mode) => {
      const { dsh, cwd } = start(mode)
      const token = `dsh-mcp-close-${mode}-${process.pid}-${Date.now()}`
      const sessionId = await sessionWithDaemon(dsh, cwd, token)
      await dsh.rpc.request(acp.methods.agent.session.close, { sessionId })
      expect(processesWithArg(token)).toEqual([])
    },
    30_000,
  )

  it.each(modes)(
    'ends when dsh is killed with SIGKILL (sandbox.mode %s)',
    async (mode) => {
      const { dsh, cwd } = start(mode)
      const token = `dsh-mcp-kill-${mode}-${process.pid}-${Date.now()}`
      await sessionWithDaemon(dsh, cwd, token)
      dsh.agent.child.kill('SIGKILL')
      await dsh.agent.exited
      await until(`the daemon ${token} to end after dsh's SIGKILL`, () => processesWithArg(token).length === 0)
      expect(processesWithArg(token)).toEqual([])
    },
    30_000,
  )
})
