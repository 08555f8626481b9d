// session/delete and logout (issue 38 item 2): what goes, what is refused (and then nothing goes),
// and a key forgotten from memory without any file being touched.
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { Context } from 'cordis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdKeys, keyProblem } from '../llm/keys.ts'
import SessionStore from '../session/index.ts'
import { initialize, startHarness, waitForEvent, type Harness } from './test-support/harness.ts'

let harness: Harness
const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
  await harness?.close()
})

const remove = (h: Harness, sessionId: string) => h.agent.request(acp.methods.agent.session.delete, { sessionId })
const logs = (h: Harness) => readdirSync(h.sessionsRoot).sort()

describe('session/delete', () => {
  it('is advertised, deletes an idle session it holds open, and its subagents logs, and nothing else', async () => {
    harness = await startHarness({ subagents: {} })
    const init = await initialize(harness.agent)
    expect(init.agentCapabilities?.sessionCapabilities?.delete).toEqual({})
    const { sessionId } = await harness.newSession()
    const { sessionId: other } = await harness.newSession()
    harness.answers.push('allow_once')
    await harness.prompt(sessionId, 'tool task {"description":"look","prompt":"child says hi"}')
    expect(logs(harness).filter((name) => name.endsWith('.jsonl'))).toHaveLength(3)
    expect(await remove(harness, sessionId)).toEqual({})
    expect(logs(harness)).toEqual([`${other}.jsonl`, `${other}.jsonl.lock`])
    // The deleted session is unknown now, to prompts and to a second delete.
    await expect(harness.prompt(sessionId, 'hi')).rejects.toMatchObject({ code: -32602 })
    await expect(remove(harness, sessionId)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(`session/delete: "sessionId" "${sessionId}" refused: no session`),
      data: { field: 'sessionId', reason: 'unknown-session' },
    })
  })

  it('refuses a session whose prompt runs, and deletes it once the prompt is answered', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const { sessionId } = await harness.newSession()
    const started = waitForEvent(harness, sessionId, 'assistant/chunk')
    const running = harness.prompt(sessionId, 'working\nsleep forever')
    await started
    await expect(remove(harness, sessionId)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('has a prompt running; cancel it (session/cancel)'),
      data: { reason: 'busy' },
    })
    expect(existsSync(join(harness.sessionsRoot, `${sessionId}.jsonl`))).toBe(true)
    await harness.agent.notify(acp.methods.agent.session.cancel, { sessionId })
    expect(await running).toEqual({ stopReason: 'cancelled' })
    await remove(harness, sessionId)
    expect(logs(harness)).toEqual([])
  })

  it('refuses a log another writer holds, ids that name no file, and a link at the name; deletes nothing', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const { sessionId } = await harness.newSession()
    await harness.prompt(sessionId, 'hello')
    await harness.agent.request(acp.methods.agent.session.close, { sessionId })
    // Another store (another writer) opens it: its lock now names that writer.
    const other = new Context()
    await other.plugin(SessionStore, { root: harness.sessionsRoot })
    cleanups.push(() => other.fiber.dispose())
    other.sessions.open(sessionId)
    await expect(remove(harness, sessionId)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('is already open for writing by this process (pid'),
      data: { reason: 'locked' },
    })
    expect(existsSync(join(harness.sessionsRoot, `${sessionId}.jsonl`))).toBe(true)
    for (const id of ['../cwd/x', '', 'a/b'])
      await expect(remove(harness, id)).rejects.toMatchObject({ code: -32602, data: { reason: 'unknown-session' } })
    const outside = join(harness.cwd, 'precious.jsonl')
    writeFileSync(outside, '{}\n')
    symlinkSync(outside, join(harness.sessionsRoot, 'linked.jsonl'))
    mkdirSync(join(harness.sessionsRoot, 'folder.jsonl'))
    for (const id of ['linked', 'folder'])
      await expect(remove(harness, id)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`${id}.jsonl in the sessions root is a `),
        data: { reason: 'not-a-log' },
      })
    expect(existsSync(outside)).toBe(true)
    expect(existsSync(join(harness.sessionsRoot, 'linked.jsonl'))).toBe(true)
  })
})

describe('logout', () => {
  it('is advertised; forgets the key held in memory (authenticate then says so) and deletes no file', async () => {
    harness = await startHarness()
    const init = await initialize(harness.agent)
    expect(init.agentCapabilities?.auth).toEqual({ logout: {} })
    // A keyed adapter whose key dsh holds in memory (as `dsh serve` does once the composition is up).
    vi.stubEnv('LOGOUT_TEST_API_KEY', 'sk-held')
    holdKeys(['LOGOUT_TEST_API_KEY'])
    const key = { env: 'LOGOUT_TEST_API_KEY', fileName: 'logout-test-key' }
    harness.ctx.llm.register({
      label: 'Keyed',
      models: ['keyed'],
      network: true,
      key,
      stream: () => (async function* () {})(),
      keyProblem: () => keyProblem(key),
    })
    await harness.newSession()
    const before = logs(harness)
    await expect(harness.agent.request(acp.methods.agent.authenticate, { methodId: 'api-key' })).resolves.toEqual({
      _meta: { 'dsh/keyNeeded': true, 'dsh/keyAvailable': true },
    })
    const answer = await harness.agent.request(acp.methods.agent.logout, {})
    expect(answer._meta).toMatchObject({
      'dsh/forgotKeys': 1,
      'dsh/note':
        'the API key held in memory was forgotten; no file was deleted: the key file (~/.config/dsh/logout-test-key) ' +
        'is read again when dsh starts, so delete it yourself to log out for good',
    })
    await expect(harness.agent.request(acp.methods.agent.authenticate, { methodId: 'api-key' })).rejects.toMatchObject({
      code: -32000,
    })
    expect((await harness.agent.request(acp.methods.agent.logout, {}))._meta).toMatchObject({ 'dsh/forgotKeys': 0 })
    expect(logs(harness)).toEqual(before)
  })
})
