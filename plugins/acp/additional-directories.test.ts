// ACP additionalDirectories (issue 38 item 3) through the bridge: advertised, checked (-32602 naming
// the entry), logged, activated per request on load and resume, and reached by the file tools.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(() => harness?.close())

const events = (h: Harness, sessionId: string) =>
  readFileSync(join(h.sessionsRoot, `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> })

const newSession = (h: Harness, additionalDirectories: unknown) =>
  h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [], additionalDirectories } as never)

/** A folder beside the cwd (inside the harness's temp base), made fresh. */
function sibling(h: Harness, name: string): string {
  const dir = join(h.cwd, '..', name)
  mkdirSync(dir, { recursive: true })
  return dir
}

describe('additionalDirectories', () => {
  it('is advertised; a session writes into one, and the log says which it had', async () => {
    harness = await startHarness()
    const init = await initialize(harness.agent)
    expect(init.agentCapabilities?.sessionCapabilities?.additionalDirectories).toEqual({})
    const extra = sibling(harness, 'extra')
    const { sessionId } = await newSession(harness, [extra])
    expect(harness.ctx.agent.additionalDirectoriesOf(sessionId)).toEqual([extra])
    harness.answers.push('allow_once')
    const target = join(extra, 'notes.md')
    await harness.prompt(sessionId, `tool write_file ${JSON.stringify({ path: target, content: 'hi\n' })}`)
    expect(readFileSync(target, 'utf8')).toBe('hi\n')
    expect(events(harness, sessionId)[0]).toEqual({
      seq: 1,
      time: expect.any(Number),
      type: 'session/directories',
      data: { additionalDirectories: [extra] },
    })
  })

  it('refuses what is relative, missing, a file, a filesystem root, the sessions root or the key folder', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const config = sibling(harness, 'config')
    vi.stubEnv('XDG_CONFIG_HOME', config)
    mkdirSync(join(config, 'dsh', 'keys'), { recursive: true })
    writeFileSync(join(harness.cwd, 'file.txt'), 'x')
    await harness.newSession()
    mkdirSync(join(harness.sessionsRoot, 'inner'))
    const cases: Array<[unknown, string, string]> = [
      ['extra', 'additionalDirectories', 'must be an array'],
      [['relative/dir'], 'additionalDirectories[0]', 'is not an absolute path'],
      [[sibling(harness, 'ok'), join(harness.cwd, 'missing')], 'additionalDirectories[1]', 'does not exist'],
      [[join(harness.cwd, 'file.txt')], 'additionalDirectories[0]', 'is not a directory'],
      [['/'], 'additionalDirectories[0]', 'is a filesystem root'],
      [[join(harness.sessionsRoot, 'inner')], 'additionalDirectories[0]', 'sessions root or key folder'],
      [[join(config, 'dsh', 'keys')], 'additionalDirectories[0]', 'sessions root or key folder'],
      [[7], 'additionalDirectories[0]', 'is not a string'],
    ]
    for (const [value, field, words] of cases)
      await expect(newSession(harness, value), JSON.stringify(value)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(new RegExp(`session/new: "${field.replace(/[[\]]/g, '\\$&')}" .*${words}`)),
        data: { field },
      })
  })

  it('load and resume activate the list they name (none when they name none), logging each change', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const extra = sibling(harness, 'extra')
    const { sessionId } = await newSession(harness, [extra])
    await harness.agent.request(acp.methods.agent.session.close, { sessionId })
    const load = (additionalDirectories?: string[]) =>
      harness.agent.request(acp.methods.agent.session.load, {
        sessionId,
        cwd: harness.cwd,
        mcpServers: [],
        ...(additionalDirectories ? { additionalDirectories } : {}),
      })
    await load([extra])
    const directories = () => events(harness, sessionId).filter((event) => event.type === 'session/directories')
    expect(directories()).toHaveLength(1)
    await load()
    expect(harness.ctx.agent.additionalDirectoriesOf(sessionId)).toEqual([])
    expect(directories().map((event) => event.data)).toEqual([
      { additionalDirectories: [extra] },
      { additionalDirectories: [] },
    ])
    // Without it, the file tools no longer reach the folder.
    await harness.prompt(sessionId, `tool read_file ${JSON.stringify({ path: join(extra, 'x') })}`)
    const failed = harness.updates.find(
      (n) => n.update.sessionUpdate === 'tool_call_update' && n.update.status === 'failed',
    )
    expect(JSON.stringify(failed)).toContain('is outside the working directory')
    await harness.agent.request(acp.methods.agent.session.resume, {
      sessionId,
      cwd: harness.cwd,
      additionalDirectories: [extra],
    })
    expect(harness.ctx.agent.additionalDirectoriesOf(sessionId)).toEqual([extra])
    expect(existsSync(join(extra, 'x'))).toBe(false)
  })
})
