// authenticate, session/resume, session/close, and MCP servers in a composition without the mcp
// plugin (the harness composes none): what the client sees and what the session log keeps.
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

describe('initialize and authenticate', () => {
  /** A keyed adapter beside echo, its key missing until `present` says otherwise. */
  function keyedAdapter(models: string[], env: string, label: string, state = { present: false }) {
    harness.ctx.llm.register({
      label,
      models,
      network: true,
      key: { env, fileName: `${label.toLowerCase()}-api-key`, fileEnv: `${env}_FILE` },
      stream: () => (async function* () {})(),
      keyProblem: () => (state.present ? undefined : `${env} is not set`),
    })
    return state
  }

  it('advertise one api-key method per key the composed adapters read, resume and close', async () => {
    harness = await startHarness()
    expect((await initialize(harness.agent)).authMethods).toEqual([])
    keyedAdapter(['keyed'], 'MY_API_KEY', 'Mine')
    const init = await initialize(harness.agent)
    expect(init.authMethods).toEqual([
      {
        id: 'api-key',
        name: 'API key (key file or environment)',
        description:
          'dsh reads the model API key when it starts: from ~/.config/dsh/mine-api-key (or the file MY_API_KEY_FILE ' +
          'names), from MY_API_KEY in ./.env, or from MY_API_KEY in its environment. Put the key in one of them and ' +
          'restart the agent; it is never sent over ACP.',
      },
    ])
    keyedAdapter(['other'], 'OTHER_KEY', 'Other')
    const two = await initialize(harness.agent)
    expect(two.authMethods?.map((method) => [method.id, method.name])).toEqual([
      ['api-key:MY_API_KEY', 'Mine API key (key file or environment)'],
      ['api-key:OTHER_KEY', 'Other API key (key file or environment)'],
    ])
    expect(init.agentCapabilities?.mcpCapabilities).toEqual({ http: false, sse: false })
    expect(init.agentCapabilities?.sessionCapabilities).toMatchObject({ resume: {}, close: {} })
  })

  it('refuses an unknown method naming it, and says a key is missing without showing one', async () => {
    harness = await startHarness()
    const key = keyedAdapter(['keyed'], 'MY_API_KEY', 'Mine')
    await initialize(harness.agent)
    const authenticate = (methodId: string) => harness.agent.request(acp.methods.agent.authenticate, { methodId })
    await expect(authenticate('oauth')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('"oauth"; dsh offers "api-key"'),
    })
    await expect(authenticate('api-key')).rejects.toMatchObject({
      code: -32000,
      message: expect.stringMatching(/model "keyed" has no usable API key \(MY_API_KEY is not set\)/),
    })
    key.present = true
    await expect(authenticate('api-key')).resolves.toEqual({})
  })
})

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
