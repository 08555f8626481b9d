// ACP notice updates (issue 38 item 6): only to a client that advertised session.notices; any other
// client sees the same thing as an agent message line, never nothing.
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(() => harness?.close())

const server = { name: 'docs', command: 'node', args: ['server.mjs'], env: [] }

async function failedServer(capabilities: acp.ClientCapabilities) {
  harness = await startHarness()
  await initialize(harness.agent, capabilities)
  // The harness composes no mcp plugin: every server a client names fails (mcp/failure).
  const { sessionId } = await harness.agent.request(acp.methods.agent.session.new, {
    cwd: harness.cwd,
    mcpServers: [server],
  } as acp.NewSessionRequest)
  await harness.prompt(sessionId, 'hello')
  harness.ctx.sessions.append(sessionId, 'notice', {
    severity: 'info',
    title: 'Retrying',
    description: 'attempt 2 of 3',
  })
  await harness.prompt(sessionId, 'again')
  return harness.updates.map((n) => n.update).filter((u) => /notice|not connected|Retrying/.test(JSON.stringify(u)))
}

it('sends notice updates to a client that advertised session.notices', async () => {
  expect(await failedServer({ session: { notices: {} } })).toEqual([
    {
      sessionUpdate: 'notice',
      severity: 'warning',
      title: 'MCP server "docs" failed',
      description: expect.stringContaining('MCP server "docs" is not connected'),
    },
    { sessionUpdate: 'notice', severity: 'info', title: 'Retrying', description: 'attempt 2 of 3' },
  ])
})

it('shows a client without the capability the same as agent message lines, and no notice update', async () => {
  const updates = await failedServer({})
  expect(updates.map((u) => u.sessionUpdate)).toEqual(['agent_message_chunk', 'agent_message_chunk'])
  expect(JSON.stringify(updates)).toContain('is not connected')
  expect(updates[1]).toMatchObject({ content: { text: '\n[Retrying: attempt 2 of 3]\n' } })
})
