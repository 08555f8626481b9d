// The `task` tool for a client that advertises the unstable `subagents` capability: each child is
// announced (subagent_update) before its own traffic, which goes out under the child's session id,
// and its state follows it. The client is the SDK's unstable one: an update its schema refuses
// never reaches the handler, so every update line on the wire must arrive.
import * as acp from '@agentclientprotocol/sdk/unstable'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryPipe } from '../acp/test-support/memory-pipe.ts'
import { type Harness, startHarness, waitForChildTurns } from '../acp/test-support/harness.ts'

let h: Harness
let closeClient = () => {}
afterEach(async () => {
  closeClient()
  await h?.close()
})

const task = (description: string, prompt: string) => `tool task ${JSON.stringify({ description, prompt })}`

interface Client {
  agent: acp.ClientContext
  updates: acp.SessionNotification[]
  permissions: acp.RequestPermissionRequest[]
  lines: () => number
}

/** A second connection to the harness's agent, from the unstable SDK client, answering every question. */
function unstableClient(): Client {
  const pipe = createMemoryPipe()
  h.ctx.acp.serve(pipe.agentStream())
  const updates: acp.SessionNotification[] = []
  const permissions: acp.RequestPermissionRequest[] = []
  const connection = acp
    .client({ name: 'subagents-client' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params)
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      permissions.push(params)
      return { outcome: { outcome: 'selected', optionId: 'allow_once' } }
    })
    .connect(acp.ndJsonStream(pipe.client.output, pipe.client.input))
  closeClient = () => connection.close()
  const lines = () =>
    pipe
      .transcript()
      .split('\n')
      .filter((line) => line.includes('"session/update"')).length
  return { agent: connection.agent, updates, permissions, lines }
}

async function parentSession(client: Client, subagents: object | null = {}) {
  const clientCapabilities = subagents ? { subagents } : {}
  await client.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities })
  const { sessionId } = await client.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })
  return sessionId
}
const prompt = (client: Client, sessionId: string, text: string) =>
  client.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })

const childIds = () => h.ctx.sessions.list().filter((header) => header.parentSession)
type Announced = { sessionId: string; title?: string; state?: { state: string; stopReason?: string } }
const subagentUpdates = (client: Client) =>
  client.updates.flatMap((n) => (n.update.sessionUpdate === 'subagent_update' ? [n.update as Announced] : []))

describe('task with the subagents capability', () => {
  it('announces each child before its traffic, which goes out under the child id, and reports its states', async () => {
    h = await startHarness({ subagents: {} })
    const client = unstableClient()
    const parent = await parentSession(client)
    await prompt(client, parent, [task('one', 'first'), task('two', 'tool bash {"command":"echo hi"}')].join('\n'))
    const ids = childIds().map((header) => header.id)
    expect(ids).toHaveLength(2)
    expect(client.updates).toHaveLength(client.lines())
    for (const id of ids) {
      const first = client.updates.findIndex((n) => n.sessionId === id)
      const announced = client.updates.findIndex(
        (n) => n.update.sessionUpdate === 'subagent_update' && n.update.sessionId === id,
      )
      expect(announced).toBeGreaterThanOrEqual(0)
      expect(client.updates[announced]!.sessionId).toBe(parent)
      expect(first).toBeGreaterThan(announced)
    }
    const states = (id: string) =>
      subagentUpdates(client)
        .filter((u) => u.sessionId === id)
        .map((u) => `${u.state?.state}${u.state?.stopReason ? `/${u.state.stopReason}` : ''}`)
    expect(states(ids[0]!)).toEqual(['running', 'idle/end_turn'])
    expect(states(ids[1]!)).toEqual(['running', 'requires_action', 'running', 'idle/end_turn'])
    expect(
      subagentUpdates(client)
        .filter((u) => u.title)
        .map((u) => u.title),
    ).toEqual(['one', 'two'])
    // The child's question goes out under its own session, on its own call, titled as any call.
    expect(client.permissions).toMatchObject([
      { sessionId: ids[1], toolCall: { title: expect.not.stringMatching(/^\[/) } },
    ])
    const childText = client.updates.filter(
      (n) => n.sessionId === ids[0] && n.update.sessionUpdate === 'agent_message_chunk',
    )
    expect(childText.length).toBeGreaterThan(0)
    // The parent's task calls carry no child progress: only their results.
    const progress = client.updates.filter(
      (n) =>
        n.sessionId === parent && n.update.sessionUpdate === 'tool_call_update' && n.update.status === 'in_progress',
    )
    expect(progress.every((n) => !('content' in n.update) || !n.update.content)).toBe(true)
  })

  it('without the capability no child session id reaches the client', async () => {
    h = await startHarness({ subagents: {} })
    const client = unstableClient()
    const parent = await parentSession(client, null)
    await prompt(client, parent, task('one', 'first'))
    const [child] = childIds()
    expect(subagentUpdates(client)).toEqual([])
    expect(JSON.stringify([client.updates, client.permissions])).not.toContain(child!.id)
  })

  it('cancelling the parent idles both running children as cancelled', async () => {
    h = await startHarness({ subagents: {} })
    const client = unstableClient()
    const parent = await parentSession(client)
    const childTurns = waitForChildTurns(h, 2)
    const running = prompt(client, parent, [task('a', 'sleep forever'), task('b', 'sleep forever')].join('\n'))
    await childTurns
    await client.agent.notify(acp.methods.agent.session.cancel, { sessionId: parent })
    expect((await running).stopReason).toBe('cancelled')
    const ends = subagentUpdates(client).filter((u) => u.state?.state === 'idle')
    expect(ends.map((u) => u.state?.stopReason)).toEqual(['cancelled', 'cancelled'])
  })
})
