// Over an in-memory ACP client: the model and mode config options, session/set_model, and
// config_option_update only for clients that advertise `session.configOptions`.
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

const setOption = (sessionId: string, configId: string, value: string) =>
  h.agent.request(acp.methods.agent.session.setConfigOption, { sessionId, configId, value })
const current = (options: acp.SessionConfigOption[] | null | undefined) =>
  Object.fromEntries((options ?? []).map((option) => [option.id, option.currentValue]))
const kinds = () => h.updates.map((n) => n.update.sessionUpdate)

describe('config options', () => {
  it('session/new offers the llm service models and the modes; set_config_option answers the whole list', async () => {
    h = await startHarness({ models: ['echo', 'echo-large'] })
    await initialize(h.agent, { session: { configOptions: {} } })
    const created = await h.newSession()
    expect(created.configOptions?.map((option) => [option.id, option.category])).toEqual([
      ['model', 'model'],
      ['mode', 'mode'],
    ])
    const model = created.configOptions![0] as Extract<acp.SessionConfigOption, { type: 'select' }>
    expect(model.options).toEqual([
      { value: 'echo', name: 'echo' },
      { value: 'echo-large', name: 'echo-large' },
    ])
    expect(created.modes?.currentModeId).toBe('ask')
    const answer = await setOption(created.sessionId, 'model', 'echo-large')
    expect(current(answer.configOptions)).toEqual({ model: 'echo-large', mode: 'ask' })
    expect(kinds()).toContain('config_option_update')
    await h.prompt(created.sessionId, 'hello')
    const { events } = h.ctx.sessions.read(created.sessionId)
    expect(events.find((event) => event.type === 'request/header')?.data).toMatchObject({ model: 'echo-large' })
    expect(events.filter((event) => event.type === 'config/change').map((event) => event.data)).toEqual([
      { configId: 'model', value: 'echo-large' },
    ])
  })

  it('refuses an unknown option or value with -32602 naming the valid ones', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    await expect(setOption(sessionId, 'colour', 'teal')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('unknown option "colour"; the options are model, mode'),
    })
    await expect(setOption(sessionId, 'model', 'gpt-9')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('"gpt-9" is not a value of "model"; the values are echo'),
    })
    await expect(setOption(sessionId, 'mode', 'yolo')).rejects.toMatchObject({
      message: expect.stringContaining('the values are ask, auto-edit, read-only'),
    })
  })

  it('session/set_model works for older clients: current_mode_update, but no config_option_update', async () => {
    h = await startHarness({ models: ['echo', 'echo-large'] })
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    await h.agent.request('session/set_model', { sessionId, modelId: 'echo-large' })
    await setOption(sessionId, 'mode', 'read-only')
    expect(kinds()).not.toContain('config_option_update')
    expect(kinds()).toContain('current_mode_update')
    await expect(h.agent.request('session/set_model', { sessionId, modelId: 'nope' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('unknown model "nope"; the models are echo, echo-large'),
    })
    const loaded = await h.agent.request(acp.methods.agent.session.load, { sessionId, cwd: h.cwd, mcpServers: [] })
    expect(current(loaded.configOptions)).toEqual({ model: 'echo-large', mode: 'read-only' })
  })
})
