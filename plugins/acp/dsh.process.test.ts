// The real `dsh` process over stdio (built bin, echo model): what only a process shows —
// a malformed stdin line, SIGTERM mid-turn, kill -9 then restart and session/load.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupDshProcesses, openSession as open, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'

afterEach(cleanupDshProcesses)

describe('dsh over real stdio', () => {
  it('answers a malformed line with a parse error and keeps serving', async () => {
    const { cwd, sessions } = scratch()
    const { agent, rpc } = startDsh(cwd, sessions)
    await agent.spawned
    // The test's ACP client logs the agent's answer to that line (id null) as a response it never
    // asked for: captured and checked here, not printed into npm test's output.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    agent.child.stdin!.write('this is not json\n')
    let sessionId: string
    try {
      sessionId = await open(rpc, cwd)
      expect(logged.mock.calls).toEqual([['Got response to unknown request', null]])
    } finally {
      logged.mockRestore()
    }
    const response = await rpc.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'still alive' }],
    })
    expect(response.stopReason).toBe('end_turn')
    const lines = agent
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines[0]).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
  })

  it('rejects an invalid cwd with -32602 naming cwd', async () => {
    const { cwd, sessions } = scratch()
    const { rpc } = startDsh(cwd, sessions)
    await rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    await expect(rpc.request(acp.methods.agent.session.new, { cwd: 'relative', mcpServers: [] })).rejects.toMatchObject(
      { code: -32602, message: expect.stringContaining('cwd') },
    )
  })

  it('exits 0 on SIGTERM mid-turn with the log complete up to its last event', async () => {
    const { cwd, sessions } = scratch()
    const { agent, feed, rpc } = startDsh(cwd, sessions)
    const sessionId = await open(rpc, cwd)
    const turn = rpc
      .request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'sleep forever' }] })
      .catch((error) => error)
    await feed.waitFor(sessionId, { type: 'step/start' }, 5000, 'the model call to start')
    agent.child.kill('SIGTERM')
    expect(await agent.exited).toEqual({ code: 0, signal: null })
    await turn
    const lines = readFileSync(join(sessions, `${sessionId}.jsonl`), 'utf8').split('\n')
    expect(lines.pop()).toBe('') // every line complete
    const last = JSON.parse(lines.at(-1)!)
    expect(last).toMatchObject({ type: 'turn/end', data: { reason: 'cancelled' } })
  })

  it('after kill -9 mid-turn, a restarted dsh restores what was durable with session/load', async () => {
    const { cwd, sessions } = scratch()
    const first = startDsh(cwd, sessions)
    const sessionId = await open(first.rpc, cwd)
    await first.rpc.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'remember this' }],
    })
    void first.rpc
      .request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'sleep forever' }] })
      .catch(() => {})
    await first.feed.waitFor(sessionId, { type: 'step/start', count: 2 }, 5000, 'the second model call to start')
    first.agent.child.kill('SIGKILL')
    await first.agent.exited
    const durable = readFileSync(join(sessions, `${sessionId}.jsonl`), 'utf8')
    expect(durable.endsWith('\n')).toBe(true)

    const second = startDsh(cwd, sessions)
    await second.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    await second.rpc.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })
    const retold = second.updates.map((u) => u.update)
    expect(retold[0]).toMatchObject({ sessionUpdate: 'user_message_chunk', content: { text: 'remember this' } })
    expect(
      retold.some((u) => u.sessionUpdate === 'agent_message_chunk' && JSON.stringify(u).includes('remember this')),
    ).toBe(true)
    const response = await second.rpc.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'after restart' }],
    })
    expect(response.stopReason).toBe('end_turn')
    expect(readdirSync(sessions).sort()).toEqual([`${sessionId}.jsonl`, `${sessionId}.jsonl.lock`])
    // The killed agent's lock was stale: the restarted one took it over.
    expect(JSON.parse(readFileSync(join(sessions, `${sessionId}.jsonl.lock`), 'utf8')).pid).toBe(second.agent.child.pid)
    const turns = readFileSync(join(sessions, `${sessionId}.jsonl`), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"turn/start"'))
    expect(turns.map((l) => JSON.parse(l).data.turn)).toEqual([1, 2, 3])
  })

  it('a restarted dsh lists the session and restores its mode with session/load', async () => {
    const { cwd, sessions } = scratch()
    const first = startDsh(cwd, sessions)
    const sessionId = await open(first.rpc, cwd)
    await first.rpc.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'read-only' })
    await first.rpc.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'look around' }],
    })
    first.agent.child.kill('SIGTERM')
    expect(await first.agent.exited).toEqual({ code: 0, signal: null })

    const second = startDsh(cwd, sessions)
    await second.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    const listed = await second.rpc.request(acp.methods.agent.session.list, {})
    expect(listed.sessions.map((s) => [s.sessionId, s.cwd, s.title])).toEqual([[sessionId, cwd, 'look around']])
    const loaded = await second.rpc.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })
    expect(loaded.modes?.currentModeId).toBe('read-only')
  })
})
