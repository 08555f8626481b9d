// issue 14 item 1: a JSON-RPC message over the line limit, against the real dsh process.
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_MAX_MESSAGE_BYTES } from './stdio-stream.ts'
import { cleanupDshProcesses, openSession, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'

afterEach(cleanupDshProcesses)

const overLimit = () => 'x'.repeat(DEFAULT_MAX_MESSAGE_BYTES + 1024)
const promptText = (rpc: acp.ClientContext, sessionId: string, text: string) =>
  rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })

describe('dsh refuses a message over the 32 MiB limit and keeps serving', () => {
  it('answers an oversized prompt with an error naming the limit; stderr says so; the next prompt works', async () => {
    const { cwd, sessions } = scratch()
    const { agent, rpc } = startDsh(cwd, sessions)
    const sessionId = await openSession(rpc, cwd)
    await expect(promptText(rpc, sessionId, overLimit())).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining(`over the ${DEFAULT_MAX_MESSAGE_BYTES}-byte (32 MiB) limit`),
      data: { reason: 'message-too-large', maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES },
    })
    expect(agent.stderr()).toMatch(/dsh: warning: acp: "session\/prompt" request \(id \d+\) refused: \d+ bytes/)
    expect((await promptText(rpc, sessionId, 'still here')).stopReason).toBe('end_turn')
    expect(agent.child.exitCode).toBe(null)
  })

  it("settles the agent's own request when the client's response is over the limit", async () => {
    const { cwd, sessions } = scratch()
    const { agent, rpc } = startDsh(cwd, sessions, {
      onPermission: (params) => ({
        outcome: { outcome: 'selected', optionId: params.options[0]!.optionId },
        _meta: { padding: overLimit() },
      }),
    })
    const sessionId = await openSession(rpc, cwd)
    // The permission request fails by name, so the call is never approved and the turn is cancelled.
    const response = await promptText(rpc, sessionId, 'tool bash {"command":"echo ran"}')
    expect(response.stopReason).toBe('cancelled')
    expect(agent.stderr()).toMatch(/acp: the client's response \(id \d+\) is \d+ bytes, over the .* limit/)
    expect((await promptText(rpc, sessionId, 'and again')).stopReason).toBe('end_turn')
  })
})
