// Leaving a scenario scope (plugins/scope): what a stop of the agent does to its sessions, without
// the stop. The in-process test host ends each scenario this way: running turns write their
// endings, and the sessions are forgotten.
import { readFileSync } from 'node:fs'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, waitForEvent, type Harness } from '../acp/test-support/harness.ts'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const eventTypes = (h: Harness, sessionId: string): string[] =>
  readFileSync(h.ctx.sessions.path(sessionId), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line).type)

describe('the agent leaving a scenario scope', () => {
  it('cancels a running turn, waits for its ending in the log, and forgets every session', async () => {
    h = await startHarness()
    await h.ctx.scope.enter({ name: 'close-sessions', sessionsRoot: h.ctx.sessions.root })
    h.answers.push('allow_once')
    await initialize(h.agent)
    const { sessionId: idle } = await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })
    const { sessionId } = await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })
    const toolStarted = waitForEvent(h, sessionId, 'tool/start')
    const prompt = h.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'tool bash {"command":"sleep 5"}' }],
    })
    await toolStarted

    const logs = { running: h.ctx.sessions.path(sessionId) }
    await h.ctx.scope.leave()
    expect(readFileSync(logs.running, 'utf8')).toContain('turn/end')
    expect(eventTypes(h, sessionId).slice(-4)).toEqual(['tool/start', 'tool/result', 'step/end', 'turn/end'])
    expect(await prompt).toMatchObject({ stopReason: 'cancelled' })
    expect([h.ctx.agent.has(sessionId), h.ctx.agent.has(idle)]).toEqual([false, false])
    // The agent still serves: a new session prompts as usual.
    const { sessionId: next } = await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })
    const reply = await h.agent.request(acp.methods.agent.session.prompt, {
      sessionId: next,
      prompt: [{ type: 'text', text: 'hello' }],
    })
    expect(reply.stopReason).toBe('end_turn')
  })
})
