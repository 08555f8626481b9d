// The editor the host plays, against a scripted agent that sends the reverse calls itself.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryPipe } from '../../../../plugins/acp/test-support/memory-pipe.ts'
import type { ScenarioClient } from '../../scenario/input.ts'
import { ScenarioEditor } from './editor-client.ts'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The host opens session "s" (the scripted agent answers session/new with it), so requests for "s" are served. */
async function connect(client: ScenarioClient | undefined) {
  const cwd = mkdtempSync(join(tmpdir(), 'dsh-editor-'))
  const editor = new ScenarioEditor(cwd, client)
  const pipe = createMemoryPipe()
  const agent = acp
    .agent({ name: 'scripted' })
    .onRequest(acp.methods.agent.session.new, () => ({ sessionId: 's' }))
    .connect(acp.ndJsonStream(pipe.agent.output, pipe.agent.input))
  const host = editor
    .serve(acp.client({ name: 'host' }))
    .connect(editor.tap(acp.ndJsonStream(pipe.client.output, pipe.client.input)))
  cleanups.push(
    () => rmSync(cwd, { recursive: true, force: true }),
    () => host.close(),
    () => agent.close(),
  )
  await host.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] })
  return { cwd, editor, agent: agent.client }
}

const NEVER_OPENED =
  'this client never opened it; name a session it opened with ' +
  'session/new, session/load, session/resume or session/fork'
const all = { fs: { readTextFile: true, writeTextFile: true }, terminal: true }

describe('ScenarioEditor', () => {
  it('advertises what the scenario declares (nothing by default)', async () => {
    expect((await connect(undefined)).editor.capabilities()).toEqual({
      fs: { readTextFile: false, writeTextFile: false },
    })
    expect((await connect({ fs: { readTextFile: true } })).editor.capabilities()).toEqual({
      fs: { readTextFile: true, writeTextFile: false },
      terminal: false,
    })
  })

  it('reads unsaved buffers before the disk, and a write saves the buffer away', async () => {
    const { cwd, agent, editor } = await connect({ ...all, buffers: { 'src/a.txt': 'unsaved\n' } })
    writeFileSync(join(cwd, 'b.txt'), 'on disk\n')
    const read = (path: string) =>
      agent.request(acp.methods.client.fs.readTextFile, { sessionId: 's', path: join(cwd, path) })
    expect(await read('src/a.txt')).toEqual({ content: 'unsaved\n' })
    expect(await read('b.txt')).toEqual({ content: 'on disk\n' })
    await expect(read('missing.txt')).rejects.toMatchObject({ code: -32002 })
    await agent.request(acp.methods.client.fs.writeTextFile, { sessionId: 's', path: join(cwd, 'b.txt'), content: 'x' })
    expect(readFileSync(join(cwd, 'b.txt'), 'utf8')).toBe('x')
    await editor.close()
    expect(editor.problems).toEqual([])
  })

  it('refuses paths outside the cwd and capabilities it did not advertise, as scenario problems', async () => {
    const { cwd, agent, editor } = await connect({ fs: { readTextFile: true } })
    await expect(
      agent.request(acp.methods.client.fs.readTextFile, { sessionId: 's', path: join(cwd, '..', 'x') }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      agent.request(acp.methods.client.fs.writeTextFile, { sessionId: 's', path: join(cwd, 'a'), content: '' }),
    ).rejects.toMatchObject({ code: -32601 })
    await expect(
      agent.request(acp.methods.client.terminal.create, { sessionId: 's', command: 'true' }),
    ).rejects.toMatchObject({ code: -32601 })
    expect(editor.problems).toEqual([
      expect.stringMatching(/refused: .*fs\/read_text_file: ".*\/x" is not an absolute path inside the session cwd/),
      expect.stringMatching(/refused: .*fs\/write_text_file \(this client does not advertise it\)/),
      expect.stringMatching(/refused: .*terminal\/create \(this client does not advertise terminals\)/),
    ])
  })

  it('refuses fs and terminal requests naming a session the host never opened, as scenario problems', async () => {
    const { cwd, agent, editor } = await connect(all)
    writeFileSync(join(cwd, 'a.txt'), 'text\n')
    await expect(
      agent.request(acp.methods.client.fs.readTextFile, { sessionId: 'other', path: join(cwd, 'a.txt') }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      agent.request(acp.methods.client.terminal.create, { sessionId: 'other', command: 'true' }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(
      await agent.request(acp.methods.client.fs.readTextFile, { sessionId: 's', path: join(cwd, 'a.txt') }),
    ).toEqual({ content: 'text\n' })
    expect(editor.problems).toEqual([
      `the agent's request was refused: Invalid params: fs/read_text_file: unknown session "other": ${NEVER_OPENED}`,
      `the agent's request was refused: Invalid params: terminal/create: unknown session "other": ${NEVER_OPENED}`,
    ])
  })

  it('honours line and limit, and refuses a symlink that leads out of the cwd', async () => {
    const { cwd, agent, editor } = await connect(all)
    writeFileSync(join(cwd, 'lines.txt'), 'one\ntwo\nthree\nfour\n')
    const read = (params: { path: string; line?: number; limit?: number }) =>
      agent.request(acp.methods.client.fs.readTextFile, { sessionId: 's', ...params })
    expect(await read({ path: join(cwd, 'lines.txt'), line: 2, limit: 2 })).toEqual({ content: 'two\nthree' })
    const outside = mkdtempSync(join(tmpdir(), 'editor-outside-'))
    writeFileSync(join(outside, 'secret.txt'), 'not yours\n')
    symlinkSync(outside, join(cwd, 'out'))
    await expect(read({ path: join(cwd, 'out', 'secret.txt') })).rejects.toMatchObject({ code: -32602 })
    expect(editor.problems).toEqual([expect.stringMatching(/leads outside the session cwd through a symlink/)])
    rmSync(outside, { recursive: true, force: true })
  })

  it('runs terminals as local processes in the cwd and reports one never released', async () => {
    const { cwd, agent, editor } = await connect(all)
    const created = await agent.request(acp.methods.client.terminal.create, {
      sessionId: 's',
      command: 'bash',
      args: ['-c', 'pwd; exit 3'],
    })
    expect(created).toEqual({ terminalId: 'term-1' })
    const ids = { sessionId: 's', terminalId: 'term-1' }
    expect(await agent.request(acp.methods.client.terminal.waitForExit, ids)).toEqual({ exitCode: 3, signal: null })
    expect(await agent.request(acp.methods.client.terminal.output, ids)).toMatchObject({ output: `${cwd}\n` })
    await editor.close()
    expect(editor.problems).toEqual([
      'the agent never released terminal term-1; it must send terminal/release for every terminal it creates',
    ])
  })
})
