// Over an in-memory ACP client: diffs and locations on tool calls, edit_file, session modes.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, text, type Harness } from './test-support/harness.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

const setMode = (sessionId: string, modeId: string) =>
  h.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId })
const toolUpdates = () =>
  h.updates.map((n) => n.update).filter((u) => u.sessionUpdate === 'tool_call_update') as acp.ToolCallUpdate[]
const finalUpdate = () => toolUpdates().findLast((u) => u.status === 'completed' || u.status === 'failed')!

describe('edits an editor can show', () => {
  it('write_file reports a diff from nothing and the location of a new file', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    h.answers.push('allow_once')
    await h.prompt(sessionId, 'tool write_file {"path":"notes/a.txt","content":"one\\ntwo\\n"}')
    const file = join(h.cwd, 'notes/a.txt')
    expect(finalUpdate()).toEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_1_1_1',
      status: 'completed',
      content: [
        { type: 'diff', path: file, oldText: null, newText: 'one\ntwo\n' },
        { type: 'content', content: { type: 'text', text: 'created notes/a.txt (8 bytes)' } },
      ],
      locations: [{ path: file, line: 1 }],
    })
  })

  it('edit_file replaces a unique string, showing old and new text at the changed line', async () => {
    h = await startHarness()
    await initialize(h.agent)
    writeFileSync(join(h.cwd, 'a.txt'), 'alpha\nbeta\n')
    const { sessionId } = await h.newSession()
    h.answers.push('allow_once')
    await h.prompt(sessionId, 'tool edit_file {"path":"a.txt","old_string":"beta","new_string":"gamma"}')
    const file = join(h.cwd, 'a.txt')
    expect(finalUpdate()).toMatchObject({
      status: 'completed',
      content: [{ type: 'diff', path: file, oldText: 'alpha\nbeta\n', newText: 'alpha\ngamma\n' }, {}],
      locations: [{ path: file, line: 2 }],
    })
    expect(readFileSync(file, 'utf8')).toBe('alpha\ngamma\n')
  })

  it('read tools report their locations and a failed call reports none', async () => {
    h = await startHarness()
    await initialize(h.agent)
    writeFileSync(join(h.cwd, 'r.txt'), 'read me\n')
    const { sessionId } = await h.newSession()
    await h.prompt(sessionId, 'tool read_file {"path":"r.txt"}\ntool list_dir {}\ntool read_file {"path":"gone.txt"}')
    const [read, listed, failed] = toolUpdates().filter((u) => u.status === 'completed' || u.status === 'failed')
    expect(read?.locations).toEqual([{ path: join(h.cwd, 'r.txt'), line: 1 }])
    expect(listed?.locations).toEqual([{ path: h.cwd }])
    expect(failed).toMatchObject({ status: 'failed' })
    expect(failed?.locations).toBeUndefined()
  })
})

describe('session modes', () => {
  it('session/new advertises ask, auto-edit and read-only, starting in ask', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { modes } = await h.newSession()
    expect(modes?.currentModeId).toBe('ask')
    expect(modes?.availableModes.map((mode) => mode.id)).toEqual(['ask', 'auto-edit', 'read-only'])
  })

  it('auto-edit runs file edits without asking but still asks for bash', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    await setMode(sessionId, 'auto-edit')
    // The new session's command list, then the change (no config_option_update: not advertised).
    expect(h.updates.map((n) => n.update.sessionUpdate)).toEqual(['available_commands_update', 'current_mode_update'])
    expect(h.updates[1]?.update).toEqual({ sessionUpdate: 'current_mode_update', currentModeId: 'auto-edit' })
    await h.prompt(sessionId, 'tool write_file {"path":"a.txt","content":"x"}')
    expect(h.permissionRequests).toHaveLength(0)
    expect(readFileSync(join(h.cwd, 'a.txt'), 'utf8')).toBe('x')
    const response = await h.prompt(sessionId, 'tool bash {"command":"echo hi"}')
    expect(h.permissionRequests).toHaveLength(1)
    expect(response.stopReason).toBe('cancelled')
  })

  it('a remembered reject_always still refuses in auto-edit', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    h.answers.push('reject_always')
    await h.prompt(sessionId, 'tool write_file {"path":"a.txt","content":"x"}')
    await setMode(sessionId, 'auto-edit')
    await h.prompt(sessionId, 'tool write_file {"path":"a.txt","content":"y"}')
    expect(h.permissionRequests).toHaveLength(1)
    expect(finalUpdate().status).toBe('failed')
    expect(() => readFileSync(join(h.cwd, 'a.txt'))).toThrow()
  })

  it('read-only offers only read tools and refuses a write without asking or writing', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    await setMode(sessionId, 'read-only')
    await h.prompt(sessionId, 'tool write_file {"path":"a.txt","content":"x"}')
    expect(h.permissionRequests).toHaveLength(0)
    expect(finalUpdate().status).toBe('failed')
    expect(text(h.updates)).toContain(
      'tool write_file failed: Refused: "write_file" is not available in read-only mode',
    )
    const { events } = h.ctx.sessions.read(sessionId)
    const header = events.find((event) => event.type === 'request/header')!
    expect((header.data as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)).toEqual([
      'read_file',
      'list_dir',
      'todo',
    ])
    expect(() => readFileSync(join(h.cwd, 'a.txt'))).toThrow()
  })

  it('logs a change once, restores it on session/load, and refuses unknown modes and sessions', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await h.newSession()
    await setMode(sessionId, 'read-only')
    await setMode(sessionId, 'read-only')
    const changes = h.ctx.sessions.read(sessionId).events.filter((event) => event.type === 'mode/change')
    expect(changes.map((event) => event.data)).toEqual([{ modeId: 'read-only' }])
    const loaded = await h.agent.request(acp.methods.agent.session.load, { sessionId, cwd: h.cwd, mcpServers: [] })
    expect(loaded.modes?.currentModeId).toBe('read-only')
    await expect(setMode(sessionId, 'yolo')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('unknown mode "yolo"; the modes are ask, auto-edit, read-only'),
    })
    await expect(setMode('nope', 'ask')).rejects.toMatchObject({ code: -32602 })
  })
})
