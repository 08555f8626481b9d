// session/load of a session whose log was replaced on disk while it was open in this process (a
// backup put back, a copy written over it): the load reads the file now at the path, so the history
// the client is told and the appends that follow are that file's, as the append error's advice says.
import { copyFileSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { parseSessionLog } from '../session/log-format.ts'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(async () => {
  await harness?.close()
})

const userTexts = (h: Harness, sessionId: string) =>
  h.updates.flatMap(({ sessionId: id, update }) =>
    id === sessionId && update.sessionUpdate === 'user_message_chunk' && update.content.type === 'text'
      ? [update.content.text]
      : [],
  )

it('loads the log that replaced the open one, and appends go on in it', async () => {
  harness = await startHarness()
  await initialize(harness.agent)
  const { sessionId } = await harness.newSession()
  const path = join(harness.sessionsRoot, `${sessionId}.jsonl`)
  await harness.prompt(sessionId, 'first')
  const backup = `${path}.backup`
  copyFileSync(path, backup)
  await harness.prompt(sessionId, 'second')
  // The backup (one turn) is put back over the open log: a new file at the path.
  renameSync(backup, path)
  const load = () =>
    harness.agent.request(acp.methods.agent.session.load, { sessionId, cwd: harness.cwd, mcpServers: [] })
  harness.updates.length = 0
  await load()
  expect(userTexts(harness, sessionId)).toEqual(['first'])
  expect(await harness.prompt(sessionId, 'third')).toEqual({ stopReason: 'end_turn' })
  const log = parseSessionLog(readFileSync(path, 'utf8'), path, { live: true })
  const prompts = log.events.flatMap((e) => (e.type === 'user/message' ? [JSON.stringify(e.data)] : []))
  expect(prompts).toHaveLength(2)
  expect(prompts.join()).toContain('first')
  expect(prompts.join()).toContain('third')
  expect(prompts.join()).not.toContain('second')
})

it('says the log is gone when it was deleted while open, and loads it once it is put back', async () => {
  harness = await startHarness()
  await initialize(harness.agent)
  const { sessionId } = await harness.newSession()
  const path = join(harness.sessionsRoot, `${sessionId}.jsonl`)
  await harness.prompt(sessionId, 'first')
  const aside = `${path}.aside`
  renameSync(path, aside)
  const load = () =>
    harness.agent.request(acp.methods.agent.session.load, { sessionId, cwd: harness.cwd, mcpServers: [] })
  await expect(load()).rejects.toMatchObject({
    message: expect.stringContaining(
      `cannot open session ${sessionId}: its log ${path} was moved away while the session was open, and no log ` +
        'is at that path now; put the log back and load the session again, or start a new session',
    ),
  })
  renameSync(aside, path)
  await load()
  expect(await harness.prompt(sessionId, 'second')).toEqual({ stopReason: 'end_turn' })
})
