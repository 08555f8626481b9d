// issue 14 item 4, against real dsh processes: a second agent on one session, and a session
// log deleted while its session is open.
import { unlinkSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { cleanupDshProcesses, openSession, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'

afterEach(cleanupDshProcesses)

const prompt = (rpc: acp.ClientContext, sessionId: string, text: string) =>
  rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })

it('refuses session/load in a second agent while the first one has the session open', async () => {
  const { cwd, sessions } = scratch()
  const first = startDsh(cwd, sessions)
  const sessionId = await openSession(first.rpc, cwd)
  const second = startDsh(cwd, sessions)
  await second.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  await expect(
    second.rpc.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] }),
  ).rejects.toMatchObject({
    message: expect.stringContaining(`is already open for writing by process ${first.agent.child.pid};`),
  })
  // The first agent still owns it and writes on.
  expect((await prompt(first.rpc, sessionId, 'mine')).stopReason).toBe('end_turn')
})

it('stops the turn with a named error when the session log was deleted while open', async () => {
  const { cwd, sessions } = scratch()
  const { rpc } = startDsh(cwd, sessions)
  const sessionId = await openSession(rpc, cwd)
  const log = join(sessions, `${sessionId}.jsonl`)
  unlinkSync(log)
  await expect(prompt(rpc, sessionId, 'hello')).rejects.toMatchObject({
    message: expect.stringContaining(`session log ${log} was deleted while the session was open`),
  })
})
