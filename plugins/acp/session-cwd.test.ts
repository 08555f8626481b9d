// issue 14 item 7: the cwd of session/new and session/load (docs/session-cwd.md).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

const newSession = (cwd: string) => h.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] })
const loadSession = (sessionId: string, cwd: string) =>
  h.agent.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })

describe('session/new cwd', () => {
  it.each([
    ['does not exist', (base: string) => join(base, 'missing')],
    [
      'is not a directory',
      (base: string) => {
        writeFileSync(join(base, 'file.txt'), 'x')
        return join(base, 'file.txt')
      },
    ],
    // issue 28, item 10: a NUL made stat throw, answered -32603 "Internal error".
    ['contains a NUL character', (base: string) => join(base, 'a\u0000b')],
  ])('is refused with -32602 naming the cwd when it %s', async (problem, make) => {
    h = await startHarness()
    await initialize(h.agent)
    const cwd = make(dirname(h.cwd))
    await expect(newSession(cwd)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        `session/new: "cwd" ${JSON.stringify(cwd)} ${problem}; send the absolute path of the project folder`,
      ),
      data: { field: 'cwd', received: cwd },
    })
    expect(h.ctx.sessions.list()).toEqual([])
  })
})

describe('session/load cwd', () => {
  it("refuses a cwd other than the session's own, naming both, and writes nothing", async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await newSession(h.cwd)
    const other = join(dirname(h.cwd), 'other')
    mkdirSync(other)
    const before = h.ctx.sessions.read(sessionId).events.length
    await expect(loadSession(sessionId, other)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        `session/load: session "${sessionId}" was created in ${JSON.stringify(h.cwd)}, not ${JSON.stringify(other)}`,
      ),
      data: { field: 'cwd', received: other, sessionCwd: h.cwd },
    })
    expect(h.ctx.sessions.read(sessionId).events.length).toBe(before)
  })

  it('accepts the same folder by another path (a symlink)', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await newSession(h.cwd)
    const link = join(dirname(h.cwd), 'link')
    symlinkSync(h.cwd, link)
    await expect(loadSession(sessionId, link)).resolves.toMatchObject({ modes: { currentModeId: 'ask' } })
  })

  it('refuses a cwd that does not exist', async () => {
    h = await startHarness()
    await initialize(h.agent)
    const { sessionId } = await newSession(h.cwd)
    const missing = join(dirname(h.cwd), 'missing')
    await expect(loadSession(sessionId, missing)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(`session/load: "cwd" ${JSON.stringify(missing)} does not exist`),
    })
  })
})
