// issue 28, item 5: a log whose last line a kill -9 tore inside a multibyte character. The real
// dsh loads the session (it used to fail "it changed while it was being opened" forever), says
// once on stderr what it dropped, and the next load is silent.
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { cleanupDshProcesses, openSession, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'

afterEach(() => cleanupDshProcesses())

const DROPPED = /dsh: warning: session \S+: dropped the half-written last line \d+ of its log \(\d+ bytes, starting /g

async function loadAndStop(cwd: string, sessions: string, sessionId: string) {
  const dsh = startDsh(cwd, sessions)
  await dsh.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  await dsh.rpc.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })
  const { stopReason } = await dsh.rpc.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: 'still here?' }],
  })
  await dsh.agent.shutdown()
  return { stopReason, warnings: dsh.agent.stderr().match(DROPPED) ?? [] }
}

it('a tail torn inside ✓ is dropped and reported once; the session loads every time', async () => {
  const { cwd, sessions } = scratch()
  const first = startDsh(cwd, sessions)
  const sessionId = await openSession(first.rpc, cwd)
  await first.rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hi' }] })
  await first.agent.shutdown()
  // What a kill -9 leaves: a long line of ✓ (3 bytes each) cut after 2 bytes of one, no newline.
  const line =
    '{"seq":7,"time":1,"type":"assistant/chunk",' + '"data":{"turn":2,"step":1,"chunk":{"type":"text-delta","text":"'
  appendFileSync(
    join(sessions, `${sessionId}.jsonl`),
    Buffer.concat([Buffer.from(line + '✓'.repeat(30_000)), Buffer.from('✓').subarray(0, 2)]),
  )

  const second = await loadAndStop(cwd, sessions, sessionId)
  expect(second).toMatchObject({ stopReason: 'end_turn', warnings: [expect.any(String)] })
  const third = await loadAndStop(cwd, sessions, sessionId)
  expect(third).toEqual({ stopReason: 'end_turn', warnings: [] })
}, 60_000)
