// ACP messageId (issue 38 item 4): every chunk of one message carries the log's message id, a new
// step's message a new one, and session/load retells each message under the same id.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(() => harness?.close())

const ids = (updates: acp.SessionNotification[], kind: string) =>
  updates.filter((n) => n.update.sessionUpdate === kind).map((n) => (n.update as { messageId?: string }).messageId)

it('carries the log message id on every live chunk and on the retelling', async () => {
  harness = await startHarness()
  await initialize(harness.agent)
  const { sessionId } = await harness.newSession()
  harness.answers.push('allow_once')
  await harness.prompt(sessionId, 'think first\nhello there\ntool bash {"command":"true"}')
  const log = readFileSync(join(harness.sessionsRoot, `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  const [user] = log.filter((event) => event.type === 'user/message').map((event) => event.data.messageId)
  const [step1, step2] = log.filter((event) => event.type === 'assistant/message').map((event) => event.data.messageId)
  expect(new Set([user, step1, step2]).size).toBe(3)
  const live = harness.updates.splice(0)
  // Step 1 thinks one word and says two; step 2 sums up the tool's result in several words.
  expect(ids(live, 'agent_thought_chunk')).toEqual([step1])
  const said = ids(live, 'agent_message_chunk')
  expect(said.slice(0, 2)).toEqual([step1, step1])
  expect(said.length).toBeGreaterThan(3)
  expect(said.slice(2)).toEqual(said.slice(2).map(() => step2))

  await harness.agent.request(acp.methods.agent.session.load, { sessionId, cwd: harness.cwd, mcpServers: [] })
  expect(ids(harness.updates, 'user_message_chunk')).toEqual([user])
  expect(ids(harness.updates, 'agent_thought_chunk')).toEqual([step1])
  expect(ids(harness.updates, 'agent_message_chunk')).toEqual([step1, step2])
})
