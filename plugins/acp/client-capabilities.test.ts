// Over an in-memory ACP client: the file tools use the editor's files and bash its terminals
// exactly when the client advertised them at initialize.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, text, waitForEvent, type Harness } from './test-support/harness.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

const prompt = (sessionId: string, words: string) =>
  h.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: words }] })
const newSession = async () =>
  (await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })).sessionId
const lines = () =>
  h
    .transcript()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))

describe('client fs', () => {
  it('reads the unsaved buffer through fs/read_text_file when the client advertises it', async () => {
    h = await startHarness()
    await initialize(h.agent, { fs: { readTextFile: true } })
    writeFileSync(join(h.cwd, 'a.txt'), 'saved on disk\n')
    h.buffers.set(join(h.cwd, 'a.txt'), 'unsaved in the editor\n')
    const sessionId = await newSession()
    await prompt(sessionId, 'tool read_file {"path":"a.txt"}')
    expect(text(h.updates)).toContain('tool read_file returned: unsaved in the editor')
    expect(h.reverseCalls).toEqual([{ method: 'fs/read_text_file', params: { sessionId, path: join(h.cwd, 'a.txt') } }])
  })

  it('writes through fs/write_text_file, diffing against the buffer it replaces', async () => {
    h = await startHarness()
    await initialize(h.agent, { fs: { readTextFile: true, writeTextFile: true } })
    const file = join(h.cwd, 'w.txt')
    writeFileSync(file, 'disk\n')
    h.buffers.set(file, 'buffer\n')
    const sessionId = await newSession()
    h.answers.push('allow_once')
    await prompt(sessionId, 'tool write_file {"path":"w.txt","content":"new\\n"}')
    expect(h.reverseCalls.map((call) => call.method)).toEqual(['fs/read_text_file', 'fs/write_text_file'])
    expect(h.reverseCalls[1]?.params).toEqual({ sessionId, path: file, content: 'new\n' })
    expect(readFileSync(file, 'utf8')).toBe('new\n')
    const done = h.updates.map((n) => n.update).findLast((u) => u.sessionUpdate === 'tool_call_update')
    expect(JSON.stringify(done)).toContain('"oldText":"buffer\\n"')
    // The editor is asked only after it has seen the call and the user approved it.
    const all = lines()
    const approval = all.findIndex((m) => m.method === 'session/request_permission')
    expect(all.findIndex((m) => m.method === 'fs/read_text_file')).toBeGreaterThan(approval)
  })

  it('keeps confinement: a path outside the cwd never reaches the editor', async () => {
    h = await startHarness()
    await initialize(h.agent, { fs: { readTextFile: true, writeTextFile: true } })
    const sessionId = await newSession()
    h.answers.push('allow_once')
    await prompt(sessionId, 'tool read_file {"path":"../x"}\ntool write_file {"path":"/etc/x","content":"x"}')
    expect(h.reverseCalls).toEqual([])
    expect(text(h.updates)).toContain('is outside the working directory')
  })

  it('uses the disk, and sends no fs request, when the client does not advertise fs', async () => {
    h = await startHarness()
    await initialize(h.agent, { fs: { readTextFile: false }, terminal: false })
    writeFileSync(join(h.cwd, 'a.txt'), 'disk only\n')
    h.buffers.set(join(h.cwd, 'a.txt'), 'never seen\n')
    const sessionId = await newSession()
    h.answers.push('allow_once')
    await prompt(sessionId, 'tool read_file {"path":"a.txt"}\ntool bash {"command":"echo local"}')
    expect(text(h.updates)).toContain('returned: disk only')
    expect(text(h.updates)).toContain('returned: local')
    expect(h.reverseCalls).toEqual([])
  })
})

describe('client terminal', () => {
  it('runs bash in terminal/create, embeds the terminal, then reads, waits and releases it', async () => {
    h = await startHarness()
    await initialize(h.agent, { terminal: true })
    const sessionId = await newSession()
    h.answers.push('allow_once')
    await prompt(sessionId, 'tool bash {"command":"echo in-terminal; exit 2"}')
    expect(h.reverseCalls.map((call) => call.method)).toEqual([
      'terminal/create',
      'terminal/wait_for_exit',
      'terminal/output',
      'terminal/release',
    ])
    expect(h.reverseCalls[0]?.params).toMatchObject({ sessionId, command: 'bash', cwd: h.cwd })
    expect(text(h.updates)).toContain('tool bash failed: in-terminal\n[exit code 2]')
    const all = lines()
    const embedded = all.findIndex((m) => m.params?.update?.content?.[0]?.type === 'terminal')
    expect(all[embedded].params.update).toEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_1_1_1',
      content: [{ type: 'terminal', terminalId: 'term-1' }],
    })
    expect(embedded).toBeLessThan(all.findIndex((m) => m.method === 'terminal/release'))
    expect(h.terminals.open()).toEqual([])
  })

  it('kills the terminal on session/cancel and releases it', async () => {
    h = await startHarness()
    await initialize(h.agent, { terminal: true })
    const sessionId = await newSession()
    h.answers.push('allow_once')
    const embedded = waitForEvent(h, sessionId, 'tool/update')
    const running = prompt(sessionId, 'tool bash {"command":"sleep 30"}')
    await embedded
    await h.agent.notify(acp.methods.agent.session.cancel, { sessionId })
    expect((await running).stopReason).toBe('cancelled')
    expect(h.reverseCalls.map((call) => call.method)).toEqual([
      'terminal/create',
      'terminal/wait_for_exit',
      'terminal/kill',
      'terminal/output',
      'terminal/release',
    ])
    expect(h.terminals.open()).toEqual([])
    const done = h.updates.map((n) => n.update).findLast((u) => u.sessionUpdate === 'tool_call_update')
    expect(done).toMatchObject({ status: 'failed', content: [{ type: 'terminal', terminalId: 'term-1' }, {}] })
    expect(JSON.stringify(done)).toContain('[cancelled; the command and its background processes were killed]')
  })
})
