import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { isLiveState, readProcStat, waitGroupGone } from '../../lib/process/liveness.ts'
import { initialize, startHarness, text, waitForEvent, type Harness } from './test-support/harness.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

const prompt = (sessionId: string, words: string) =>
  h.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: words }] })
const newSession = async (cwd: unknown = h.cwd) =>
  (await h.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] } as acp.NewSessionRequest)).sessionId

describe('ACP bridge', () => {
  it('initializes with protocol version 1 and honest capabilities', async () => {
    h = await startHarness()
    const response = await initialize(h.agent)
    expect(response.protocolVersion).toBe(1)
    expect(response.agentCapabilities?.loadSession).toBe(true)
    expect(response.agentCapabilities?.promptCapabilities).toMatchObject({ embeddedContext: true, image: false })
  })

  it('refuses session/new before initialize', async () => {
    h = await startHarness()
    await expect(newSession()).rejects.toMatchObject({ code: -32600, message: expect.stringContaining('initialize') })
    // Even with bad params: being uninitialized is the error to fix first.
    await expect(newSession(123)).rejects.toMatchObject({ code: -32600 })
  })

  it('streams a text turn as updates strictly before the prompt response', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    const response = await prompt(sessionId, 'hello there world')
    expect(response.stopReason).toBe('end_turn')
    expect(text(h.updates)).toBe('hello there world')
    expect(h.updates.every((u) => u.sessionId === sessionId)).toBe(true)
    const lines = h
      .transcript()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const responseIndex = lines.findIndex((m) => m.result?.stopReason)
    const lastUpdate = lines.map((m) => m.method).lastIndexOf('session/update')
    expect(lastUpdate).toBeLessThan(responseIndex)
  })

  it.each([[123], [null], ['relative/dir']])('rejects session/new with cwd %j, naming cwd', async (cwd) => {
    h = await startHarness()
    await initialize(h.agent)
    await expect(newSession(cwd)).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('"cwd"') })
  })

  it('answers a prompt for an unknown session with an error naming it', async () => {
    h = await startHarness()
    await initialize(h.agent)
    await expect(prompt('no-such-session', 'x')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('no-such-session'),
    })
  })

  it('runs an approved bash tool and reports pending → in_progress → completed', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    h.answers.push('allow_once')
    const response = await prompt(sessionId, 'tool bash {"command":"echo approved-output"}')
    expect(response.stopReason).toBe('end_turn')
    expect(h.permissionRequests).toHaveLength(1)
    expect(h.permissionRequests[0]?.options.map((o) => o.kind)).toEqual([
      'allow_once',
      'allow_always',
      'reject_once',
      'reject_always',
    ])
    const toolUpdates = h.updates.map((n) => n.update).filter((u) => u.sessionUpdate.startsWith('tool_call'))
    expect(toolUpdates.map((u) => (u as { status?: string }).status)).toEqual(['pending', 'in_progress', 'completed'])
    expect(JSON.stringify(toolUpdates[2])).toContain('approved-output')
    expect(text(h.updates)).toContain('tool bash returned: approved-output')
  })

  it('announces a tool call with its tool_call update before asking permission for it', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    h.answers.push('allow_once')
    await prompt(sessionId, 'tool bash {"command":"echo ordered"}')
    const lines = h
      .transcript()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const announced = lines.findIndex((m) => m.params?.update?.sessionUpdate === 'tool_call')
    const asked = lines.findIndex((m) => m.method === 'session/request_permission')
    expect(announced).toBeGreaterThanOrEqual(0)
    expect(asked).toBeGreaterThan(announced)
  })

  it('reports a rejected call as failed and remembers allow_always for the session', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    h.answers.push('reject_once')
    await prompt(sessionId, 'tool bash {"command":"echo nope"}')
    const failed = h.updates
      .map((n) => n.update)
      .find((u) => u.sessionUpdate === 'tool_call_update' && (u as { status?: string }).status === 'failed')
    expect(JSON.stringify(failed)).toContain('Rejected')
    h.answers.push('allow_always')
    await prompt(sessionId, 'tool bash {"command":"echo one"}')
    await prompt(sessionId, 'tool bash {"command":"echo two"}')
    expect(h.permissionRequests).toHaveLength(2)
    expect(text(h.updates)).toContain('returned: two')
  })

  it('ends the turn as cancelled when the approval is cancelled', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    const response = await prompt(sessionId, 'tool bash {"command":"echo never"}')
    expect(response.stopReason).toBe('cancelled')
    expect(readFileSync(h.ctx.sessions.path(sessionId), 'utf8')).toContain('"reason":"cancelled"')
  })

  it('cancels during the model stream and stays usable', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    const running = prompt(sessionId, 'sleep forever')
    await waitForEvent(h, sessionId, 'step/start')
    await h.agent.notify(acp.methods.agent.session.cancel, { sessionId })
    expect((await running).stopReason).toBe('cancelled')
    expect((await prompt(sessionId, 'again')).stopReason).toBe('end_turn')
  })

  it('cancels while waiting for approval', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    h.answers.push('hold')
    const running = prompt(sessionId, 'tool bash {"command":"echo x"}')
    await waitForEvent(h, sessionId, 'permission/request')
    await h.agent.notify(acp.methods.agent.session.cancel, { sessionId })
    expect((await running).stopReason).toBe('cancelled')
  })

  it('cancels a running sleep 30 and kills its process group', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    h.answers.push('allow_once')
    const pidFile = join(h.cwd, 'pids')
    const running = prompt(sessionId, `tool bash {"command":"echo $$ > pids; sleep 30 & echo $! >> pids; wait"}`)
    await waitForEvent(h, sessionId, 'permission/outcome')
    await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim().split('\n').length === 2)
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number)
    await h.agent.notify(acp.methods.agent.session.cancel, { sessionId })
    expect((await running).stopReason).toBe('cancelled')
    // The first pid is the shell, which leads the command's process group.
    expect(await waitGroupGone(pids[0]!, { timeoutMs: 0 })).toBe(true)
    for (const pid of pids) expect(liveProcess(pid)).toBe(false)
  })

  it('answers a turn that ends in a model error with a JSON-RPC error carrying the code', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    await expect(prompt(sessionId, 'fail INSUFFICIENT_BALANCE 402 top up')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('INSUFFICIENT_BALANCE'),
      data: { code: 'INSUFFICIENT_BALANCE', status: 402 },
    })
  })

  it('ends with max_turn_requests at the step limit', async () => {
    h = await startHarness({ maxStepsPerTurn: 1 })
    await initialize(h.agent)
    const sessionId = await newSession()
    const response = await prompt(sessionId, 'tool list_dir {}')
    expect(response.stopReason).toBe('max_turn_requests')
  })

  it('restores a session with session/load, replaying its history, and continues it', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const sessionId = await newSession()
    await prompt(sessionId, 'first words')
    h.updates.length = 0
    await h.agent.request(acp.methods.agent.session.load, { sessionId, cwd: h.cwd, mcpServers: [] })
    expect(h.updates.map((u) => u.update.sessionUpdate)).toEqual([
      'user_message_chunk',
      'agent_message_chunk',
      'available_commands_update',
      'session_info_update',
    ])
    expect((await prompt(sessionId, 'second')).stopReason).toBe('end_turn')
  })
})

/** Running code, as opposed to gone or an unreaped zombie (orphans are reaped by PID 1 a moment later). */
function liveProcess(pid: number): boolean {
  const stat = readProcStat(pid)
  return stat !== undefined && isLiveState(stat.state)
}

async function waitUntil(check: () => boolean, timeoutMs = 5000) {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('waitUntil timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}
