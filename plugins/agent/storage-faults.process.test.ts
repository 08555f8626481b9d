// issue 28, item 1: a session log that cannot take an event (a full tmpfs, a log moved away
// mid-turn) ends the turn as a named storage failure, not a model error, and every later
// request the real dsh sends (same process, and after session/load in a new one) answers each
// tool call: checked at the DeepSeek-wire stub, after each fault.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, renameSync, rmSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { startStubEndpoint, textReply, toolCallReply } from '../../lib/model-wire/index.ts'
import {
  cleanupDshProcesses,
  openSession,
  sandboxOff,
  scratch,
  startDsh,
} from '../../host/app/test-support/dsh-process.ts'

const mounts: string[] = []
afterEach(async () => {
  await cleanupDshProcesses()
  for (const dir of mounts.splice(0)) {
    execFileSync('umount', ['-l', dir])
    rmSync(dir, { recursive: true, force: true })
  }
})

/** A 256 KiB tmpfs for the sessions root (the test runs as root, as the finding did). */
function smallDisk(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-tmpfs-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir])
  mounts.push(dir)
  return dir
}

/** Fills `dir` until `keep` bytes are left; returns the filler to delete. */
function fill(dir: string, keep: number): string {
  const filler = join(dir, 'filler')
  const { bavail, bsize } = statfsSync(dir)
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - keep)))
  return filler
}

/** Every assistant message with tool_calls is followed by one tool message per call id. */
function expectAnsweredCalls(body: unknown): void {
  const messages = (body as { messages: Array<Record<string, unknown>> }).messages
  messages.forEach((message, index) => {
    const calls = (message.tool_calls as Array<{ id: string }> | undefined) ?? []
    const replies = messages.slice(index + 1, index + 1 + calls.length).map((reply) => reply.tool_call_id)
    expect(replies, JSON.stringify(messages)).toEqual(calls.map((call) => call.id))
  })
}

const bashCall = (command: string) =>
  toolCallReply([{ id: 'call_1', name: 'bash', arguments: JSON.stringify({ command }) }])
const stubEnv = (url: string) => ({ DEEPSEEK_BASE_URL: url, DEEPSEEK_API_KEY: 'sk-stub-only' })

async function prompt(rpc: ReturnType<typeof startDsh>['rpc'], sessionId: string, text: string) {
  return rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })
}

it('a full disk mid-turn: a storage error, then valid requests in the same process and after load', async () => {
  const { cwd } = scratch()
  const sessions = smallDisk()
  const stub = await startStubEndpoint({ script: [bashCall('seq 1 4000'), textReply('after'), textReply('loaded')] })
  try {
    const first = startDsh(cwd, sessions, { patches: [], env: stubEnv(stub.url) })
    const sessionId = await openSession(first.rpc, cwd)
    // Room for the turn's first events, not for the bash output (16 KiB) in its tool/result.
    const filler = fill(sessions, 12 * 1024)
    const failed = await prompt(first.rpc, sessionId, 'count').then(
      () => 'no error',
      (error: Error) => error.message,
    )
    expect(failed).toMatch(/session storage failed in turn 1 .*ENOSPC/)
    expect(failed).not.toMatch(/model error/)
    unlinkSync(filler)
    expect(await prompt(first.rpc, sessionId, 'again')).toMatchObject({ stopReason: 'end_turn' })
    expectAnsweredCalls(stub.requests[1]!.body)

    // One writer per log: the first agent lets go of it before another loads it.
    await first.agent.shutdown()
    const second = startDsh(cwd, sessions, { patches: [], env: stubEnv(stub.url) })
    await second.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    await second.rpc.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })
    expect(await prompt(second.rpc, sessionId, 'loaded')).toMatchObject({ stopReason: 'end_turn' })
    expect(stub.requests).toHaveLength(3)
    expectAnsweredCalls(stub.requests[2]!.body)
  } finally {
    await stub.close()
  }
}, 60_000)

it('a log moved away mid-turn: a storage error; put back, the next prompt closes the turn first', async () => {
  const { base, cwd, sessions } = scratch()
  const stub = await startStubEndpoint({ script: [] })
  try {
    // The command moves the session log itself: unconfined (the sandbox hides the sessions root).
    const dsh = startDsh(cwd, sessions, { patches: [sandboxOff(base)], env: stubEnv(stub.url) })
    const sessionId = await openSession(dsh.rpc, cwd)
    const log = join(sessions, `${sessionId}.jsonl`)
    // bash sees only allowlisted variables; the path goes in through the command's own text.
    stub.push(bashCall(`mv '${log}' '${log}.away'`), textReply('after'))
    const failed = await prompt(dsh.rpc, sessionId, 'move it').then(
      () => 'no error',
      (error: Error) => error.message,
    )
    expect(failed).toMatch(/session storage failed in turn 1 .*was moved away/)
    expect(failed).toMatch(/the next prompt writes it first/)
    renameSync(`${log}.away`, log)
    expect(await prompt(dsh.rpc, sessionId, 'again')).toMatchObject({ stopReason: 'end_turn' })
    expect(stub.requests).toHaveLength(2)
    expectAnsweredCalls(stub.requests[1]!.body)
  } finally {
    await stub.close()
  }
}, 60_000)
