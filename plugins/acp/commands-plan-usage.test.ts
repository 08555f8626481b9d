// Over an in-memory ACP client: slash commands, the todo tool's plan, usage and the session title.
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, text, type Harness } from './test-support/harness.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

const ofKind = <K extends acp.SessionUpdate['sessionUpdate']>(kind: K) =>
  h.updates.map((n) => n.update).filter((u) => u.sessionUpdate === kind) as Extract<
    acp.SessionUpdate,
    { sessionUpdate: K }
  >[]

describe('slash commands', () => {
  it('lists the commands after session/new, a plugin command among them', async () => {
    h = await startHarness()
    h.ctx.agent.commands.register({ name: 'hello', description: 'Say hello', run: (input) => `hello ${input}` })
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    await h.prompt(sessionId, '/hello there')
    const [listed] = ofKind('available_commands_update')
    expect(listed?.availableCommands.map((command) => command.name)).toEqual([
      'mode',
      'model',
      'clear',
      'compact',
      'hello',
    ])
    expect(listed?.availableCommands[0]?.input).toEqual({ hint: 'ask | auto-edit | read-only' })
    expect(text(h.updates)).toBe('hello there')
  })

  it('runs a known command instead of a model turn and sends an unknown /word to the model', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    expect((await h.prompt(sessionId, '/mode read-only')).stopReason).toBe('end_turn')
    expect(h.ctx.agent.modeOf(sessionId)).toBe('read-only')
    expect(ofKind('current_mode_update')).toEqual([
      { sessionUpdate: 'current_mode_update', currentModeId: 'read-only' },
    ])
    await h.prompt(sessionId, '/mode yolo')
    expect(text(h.updates)).toContain('/mode failed: unknown mode "yolo"')
    await h.prompt(sessionId, '/frobnicate now')
    expect(text(h.updates)).toContain('/frobnicate now')
    const types = h.ctx.sessions.read(sessionId).events.map((event) => event.type)
    expect(types.filter((type) => type === 'command/run')).toHaveLength(2)
    expect(types.filter((type) => type === 'user/message')).toHaveLength(1)
  })

  it('/clear makes the model start over; session/load retells the commands', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    await h.prompt(sessionId, 'remember teal')
    await h.prompt(sessionId, '/clear')
    const requests: number[] = []
    h.ctx.on('llm/stream', (request, next) => {
      requests.push(request.messages.length)
      return next()
    })
    await h.prompt(sessionId, 'what colour?')
    expect(requests).toEqual([1])
    h.updates.length = 0
    await h.agent.request(acp.methods.agent.session.load, { sessionId, cwd: h.cwd, mcpServers: [] })
    expect(ofKind('user_message_chunk').map((u) => (u.content as { text: string }).text)).toEqual([
      'remember teal',
      '/clear',
      'what colour?',
    ])
  })
})

describe('plan, usage and title', () => {
  it('sends the todo plan wholesale, usage after each step and the title once, after the first turn', async () => {
    h = await startHarness({ pricing: { currency: 'USD', inputPerMillion: 1_000_000, outputPerMillion: 0 } })
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    const entries = [
      { content: 'read the code', status: 'completed', priority: 'high' },
      { content: 'fix the bug', status: 'in_progress', priority: 'medium' },
    ]
    await h.prompt(sessionId, `Fix the bug\ntool todo ${JSON.stringify({ entries })}`)
    expect(ofKind('plan')).toEqual([{ sessionUpdate: 'plan', entries }])
    const usage = ofKind('usage_update')
    expect(usage).toHaveLength(2)
    expect(usage[0]).toMatchObject({ size: 131_072, cost: { currency: 'USD' } })
    // Cumulative: the second step's input tokens add to the first's (one unit of cost per input token).
    const [firstCost, secondCost] = usage.map((update) => update.cost?.amount ?? Number.NaN)
    expect(secondCost).toBeGreaterThan(firstCost ?? Number.NaN)
    expect(usage[0]?.used).toBeGreaterThan(0)
    await h.prompt(sessionId, 'second prompt')
    expect(ofKind('session_info_update')).toEqual([{ sessionUpdate: 'session_info_update', title: 'Fix the bug' }])
    const order = h.updates.map((n) => n.update.sessionUpdate)
    expect(order.indexOf('session_info_update')).toBeGreaterThan(order.lastIndexOf('plan'))
  })
})
