// The whole prompt path (ACP framing, session log, history, echo script, session/load
// projection) with a 2-million-word prompt (issue 14 item 10).
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

it('takes a 2-million-word prompt, logs it whole and retells it on session/load', async () => {
  // A window that takes the prompt: the path is measured, not the overflow check (docs/compaction.md).
  h = await startHarness({ contextWindow: 2_000_000 })
  await initialize(h.agent)
  const { sessionId } = await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })
  // `finish stop` first: the echo model parses the whole script but streams nothing back,
  // so the test measures the prompt path, not two million notifications.
  const words = `finish stop\n${Array(2_000_000).fill('w').join(' ')}`
  const response = await h.agent.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: words }],
  })
  expect(response.stopReason).toBe('end_turn')
  const logged = h.ctx.sessions.read(sessionId).events.find((event) => event.type === 'user/message')
  expect(logged?.type === 'user/message' && logged.data.content).toEqual([{ type: 'text', text: words }])
  h.updates.length = 0
  await h.agent.request(acp.methods.agent.session.load, { sessionId, cwd: h.cwd, mcpServers: [] })
  expect(h.updates[0]?.update).toEqual({
    sessionUpdate: 'user_message_chunk',
    content: { type: 'text', text: words },
    messageId: expect.any(String),
  })
})
