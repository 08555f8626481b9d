// The ask_user tool over ACP form elicitation (issue 38 item 1): offered only to a client that
// advertised elicitation.form, its answer (or decline) the tool result, an answer that does not fit
// the form refused by name, and session/cancel while the question is open ending question and turn.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, waitForEvent, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(() => harness?.close())

const elicitation = { elicitation: { form: {} } }
const ask = (question: string, choices?: string[]) =>
  `tool ask_user ${JSON.stringify({ question, ...(choices ? { choices } : {}) })}`

function results(h: Harness, sessionId: string) {
  return readFileSync(join(h.sessionsRoot, `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === 'tool/result')
    .map((event) => ({ output: event.data.output, isError: event.data.isError }))
}

function offered(h: Harness, sessionId: string): string[] {
  const header = readFileSync(join(h.sessionsRoot, `${sessionId}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .find((event) => event.type === 'request/header')
  return header.data.tools.map((tool: { name: string }) => tool.name)
}

describe('ask_user', () => {
  it('is not offered, and never asks, when the client did not advertise elicitation', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const { sessionId } = await harness.newSession()
    await harness.prompt(sessionId, ask('Which colour?'))
    expect(offered(harness, sessionId)).not.toContain('ask_user')
    expect(harness.reverseCalls).toEqual([])
    expect(results(harness, sessionId)).toEqual([
      {
        output: expect.stringContaining('"ask_user" is not available: this client cannot show the user questions'),
        isError: true,
      },
    ])
  })

  it('asks a form tied to the call, and the answer or a decline is the result', async () => {
    harness = await startHarness()
    await initialize(harness.agent, elicitation)
    const { sessionId } = await harness.newSession()
    harness.questionAnswers.push({ action: 'accept', content: { answer: 'blue' } }, { action: 'decline' })
    await harness.prompt(sessionId, ask('Which colour?', ['red', 'blue']))
    await harness.prompt(sessionId, ask('Anything else?'))
    expect(offered(harness, sessionId)).toContain('ask_user')
    expect(harness.reverseCalls[0]).toEqual({
      method: 'elicitation/create',
      params: {
        sessionId,
        toolCallId: 'call_1_1_1',
        mode: 'form',
        message: 'Which colour?',
        requestedSchema: {
          type: 'object',
          properties: { answer: { type: 'string', title: 'Answer', enum: ['red', 'blue'] } },
          required: ['answer'],
        },
      },
    })
    expect(results(harness, sessionId)).toEqual([
      { output: 'The user answered: blue', isError: false },
      { output: 'The user declined to answer the question.', isError: false },
    ])
  })

  it('refuses an answer that does not match the form, naming the field', async () => {
    harness = await startHarness()
    await initialize(harness.agent, elicitation)
    const { sessionId } = await harness.newSession()
    harness.questionAnswers.push(
      { action: 'accept', content: { answer: 'green' } },
      { action: 'accept', content: { colour: 'red' } },
    )
    await harness.prompt(sessionId, ask('Which colour?', ['red', 'blue']))
    await harness.prompt(sessionId, ask('Which colour?'))
    expect(results(harness, sessionId)).toEqual([
      {
        output:
          "The client's answer does not match the question's form: " +
          'content.answer "green" is not one of the choices "red", "blue".',
        isError: true,
      },
      { output: "The client's answer does not match the question's form: content.answer is missing.", isError: true },
    ])
  })

  it('ends the question and the turn on session/cancel while the question is open', async () => {
    harness = await startHarness()
    await initialize(harness.agent, elicitation)
    const { sessionId } = await harness.newSession()
    harness.questionAnswers.push('hold')
    const started = waitForEvent(harness, sessionId, 'tool/start')
    const prompt = harness.prompt(sessionId, ask('Proceed?'))
    await started
    await harness.agent.notify(acp.methods.agent.session.cancel, { sessionId })
    expect(await prompt).toEqual({ stopReason: 'cancelled' })
    expect(results(harness, sessionId)).toEqual([
      { output: expect.stringMatching(/^Cancelled: .*withdrawn/), isError: true },
    ])
    // The client saw the request withdrawn ($/cancel_request aborted its handler).
    await expect.poll(() => harness.reverseCalls.map((call) => call.method)).toContain('$/cancel_request')
  })
})
