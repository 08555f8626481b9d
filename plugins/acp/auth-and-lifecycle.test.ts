// session/resume, session/close, and MCP servers in a composition without the mcp plugin (the
// harness composes none): what the client sees and what the session log keeps (auth: auth.test.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(() => harness?.close())

const logTypes = (h: Harness, sessionId: string) =>
  readFileSync(join(h.sessionsRoot, `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> })

async function newSession(h: Harness, mcpServers: unknown[] = []): Promise<string> {
  const response: acp.NewSessionResponse = await h.agent.request(acp.methods.agent.session.new, {
    cwd: h.cwd,
    mcpServers,
  } as acp.NewSessionRequest)
  return response.sessionId
}

describe('session/resume and session/close', () => {
  it('resume re-attaches without history and is logged; close ends the session and is logged', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const sessionId = await newSession(harness)
    await harness.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hi' }] })
    const before = harness.updates.length
    await harness.agent.request(acp.methods.agent.session.resume, { sessionId, cwd: harness.cwd })
    expect(harness.updates.length).toBe(before)
    await harness.agent.request(acp.methods.agent.session.close, { sessionId })
    const prompt = harness.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'after close' }],
    })
    await expect(prompt).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('unknown session') })
    const types = logTypes(harness, sessionId).map((event) => event.type)
    expect(types.slice(-2)).toEqual(['session/resume', 'session/close'])
  })
})

describe('MCP servers in a composition without the mcp plugin', () => {
  it('start the session anyway, log each server as not connected and show it once after the response', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const sessionId = await newSession(harness, [{ name: 'docs', command: 'docs-server', args: [], env: [] }])
    const failure = logTypes(harness, sessionId).find((event) => event.type === 'mcp/failure')
    expect(failure?.data).toEqual({
      server: 'docs',
      message: expect.stringContaining('MCP server "docs" is not connected: this dsh composition has no mcp plugin'),
    })
    await harness.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hi' }] })
    const notices = harness.updates.filter(
      (u) => u.update.sessionUpdate === 'agent_message_chunk' && JSON.stringify(u.update).includes('not connected'),
    )
    expect(notices).toHaveLength(1)
    // The command list follows the response at once; the notice comes next, before the prompt's updates.
    expect(harness.updates[1]).toBe(notices[0])
  })
})
