// The keyless guarantee: a replaying dsh never loads .env and never opens a connection,
// even when a key and a base URL point at a live server (a trap that counts connections).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as acp from '@agentclientprotocol/sdk'
import { afterAll, expect, it } from 'vitest'
import { AgentProcess } from '../../lib/process/agent-process.ts'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const base = mkdtempSync(join(tmpdir(), 'dsh-keyless-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

it('replays a recorded session with a key and base URL set, and no connection reaches the trap', async () => {
  let connections = 0
  const trap = createServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve))
  const port = (trap.address() as { port: number }).port
  const trapUrl = `http://127.0.0.1:${port}`
  // A .env in the cwd that would also aim the adapter at the trap, if anything loaded it.
  writeFileSync(join(base, '.env'), `DEEPSEEK_API_KEY=sk-from-dotenv\nDEEPSEEK_BASE_URL=${trapUrl}\n`)

  const agent = new AgentProcess({
    command: process.execPath,
    args: [
      join(repoRoot, 'bin', 'dsh.js'),
      '--config',
      join(repoRoot, 'cordis.yml'),
      '--patch',
      join(repoRoot, 'cordis.snapshot.yml'),
    ],
    cwd: base,
    env: {
      PATH: process.env.PATH,
      DSH_SESSIONS_ROOT: join(base, 'sessions'),
      DSH_SNAPSHOT_FILE: join(repoRoot, 'scenarios', 'text-turn', 'session.jsonl'),
      DEEPSEEK_API_KEY: 'sk-trap-key',
      DEEPSEEK_BASE_URL: trapUrl,
    },
  })
  const connection = acp
    .client({ name: 'test' })
    .onNotification(acp.methods.client.session.update, () => {})
    .connect(acp.ndJsonStream(agent.output, agent.input))
  try {
    await connection.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    const { sessionId } = await connection.agent.request(acp.methods.agent.session.new, { cwd: base, mcpServers: [] })
    const response = await connection.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'Say hello in a few words.' }],
    })
    expect(response.stopReason).toBe('end_turn')
    expect(agent.stdout()).toContain('"text":" meet"')
  } finally {
    connection.close()
    const report = await agent.shutdown()
    trap.close()
    expect(report).toMatchObject({ code: 0, via: 'eof' })
  }
  expect(connections).toBe(0)
  expect(agent.stderr()).not.toContain('sk-')
})

it('the trap does catch a live composition (control: without cordis.snapshot.yml the adapter connects)', async () => {
  let connections = 0
  // Answer like a refusing server (a reset before the request is written can stall a client until its idle
  // timeout; a 5xx would be retried with backoff, docs/retries.md).
  const trap = createServer((socket) => {
    connections++
    socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'))
  })
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve))
  const trapUrl = `http://127.0.0.1:${(trap.address() as { port: number }).port}`
  const agent = new AgentProcess({
    command: process.execPath,
    args: [join(repoRoot, 'bin', 'dsh.js'), '--config', join(repoRoot, 'cordis.yml')],
    cwd: base,
    env: {
      PATH: process.env.PATH,
      DSH_SESSIONS_ROOT: join(base, 'sessions-live'),
      DEEPSEEK_API_KEY: 'sk-trap-key',
      DEEPSEEK_BASE_URL: trapUrl,
    },
  })
  const connection = acp
    .client({ name: 'test' })
    .onNotification(acp.methods.client.session.update, () => {})
    .connect(acp.ndJsonStream(agent.output, agent.input))
  try {
    await connection.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    const { sessionId } = await connection.agent.request(acp.methods.agent.session.new, { cwd: base, mcpServers: [] })
    await expect(
      connection.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hi' }] }),
    ).rejects.toMatchObject({ data: { code: 'BAD_REQUEST', status: 400 } })
  } finally {
    connection.close()
    await agent.shutdown()
    trap.close()
  }
  expect(connections).toBeGreaterThan(0)
})
