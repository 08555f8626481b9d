// The step engine against an in-process agent (no processes): what each kind of failure says.
import * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import type { CaseStep } from './case-steps.ts'
import { TraceRecorder } from './recorder.ts'
import { scaledTimeouts, runSteps } from './steps.ts'

type StepContext = Parameters<typeof runSteps>[1]

/** A client connected to a small agent over an in-memory stream pair, recorded by a TraceRecorder. */
function connect() {
  const toAgent = new TransformStream<acp.AnyMessage, acp.AnyMessage>()
  const toClient = new TransformStream<acp.AnyMessage, acp.AnyMessage>()
  acp
    .agent({ name: 'in-process' })
    .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {}, authMethods: [] }))
    .onRequest(acp.methods.agent.session.new, () => ({ sessionId: 'sid-1' }))
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
      if (params.sessionId !== 'sid-1') throw acp.RequestError.invalidParams({}, `unknown session ${params.sessionId}`)
      const text = params.prompt[0]?.type === 'text' ? params.prompt[0].text : ''
      await client.notify(acp.methods.client.session.update, {
        sessionId: 'sid-1',
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
      })
      if (text === 'hang') await new Promise(() => {})
      // The agent goes away mid-request: the client's request fails without a JSON-RPC code.
      if (text === 'vanish') await toClient.writable.abort(new Error('the agent vanished'))
      return { stopReason: 'end_turn' }
    })
    .connect({ readable: toAgent.readable, writable: toClient.writable })
  const recorder = new TraceRecorder('/work/case')
  const connection = acp
    .client({ name: 'test' })
    .onNotification(acp.methods.client.session.update, () => {})
    .connect(recorder.tap({ readable: toClient.readable, writable: toAgent.writable }))
  return { recorder, connection }
}

async function run(steps: CaseStep[], extra: Partial<StepContext> = {}) {
  const { recorder, connection } = connect()
  const context: StepContext = {
    agent: connection.agent,
    recorder,
    timeouts: scaledTimeouts({ requestMs: 100, updateMs: 100, settleMs: 100 }, 1),
    signal: new AbortController().signal,
    expectedErrors: new Set(),
    ...extra,
  }
  try {
    await connection.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    await runSteps(steps, context)
    return { error: undefined, trace: recorder.trace }
  } catch (error) {
    return { error: error as Error, trace: recorder.trace }
  } finally {
    connection.close()
  }
}

const session: CaseStep = { op: 'newSession', as: 's1' }

describe('runSteps', () => {
  it('records sessions, outcomes and step spans in wire order', async () => {
    const { error, trace } = await run([session, { op: 'prompt', session: 's1', as: 'p1', text: 'hello' }])
    expect(error).toBeUndefined()
    expect(trace.sessions.get('s1')).toBe('sid-1')
    const [created, prompt] = trace.steps
    expect(prompt).toMatchObject({
      op: 'prompt',
      as: 'p1',
      sessionId: 'sid-1',
      outcome: { kind: 'ok', result: { stopReason: 'end_turn' } },
    })
    const update = trace.wire.find((e) => e.message.method === 'session/update')!
    expect(created!.endSeq! < prompt!.startSeq && prompt!.startSeq < update.seq && update.seq < prompt!.endSeq!).toBe(
      true,
    )
  })

  it('fails on a timeout naming the step and the budget', async () => {
    const { error } = await run([session, { op: 'prompt', session: 's1', as: 'p1', text: 'hang' }])
    expect(error?.message).toBe(
      'timed out after 100 ms waiting for the response to steps[1] (prompt "p1" s1 "hang") (requestMs)',
    )
  })

  it('fails on an error nobody expected, saying how to expect it; an expected one passes', async () => {
    const ghost: CaseStep = { op: 'prompt', sessionId: 'ghost', as: 'g', text: 'hi' }
    expect((await run([ghost])).error?.message).toBe(
      'steps[0] (prompt "g" session "ghost" "hi") failed with -32602: Invalid params: unknown session ghost; if the ' +
        'case expects this error, add {"check": "error", "step": "g", "codes": [-32602]} ' +
        '(or "expectError" to the step)',
    )
    // A failure without a code (the connection closed) cannot be matched by an error check: no "codes": [undefined].
    const vanish = await run([session, { op: 'prompt', session: 's1', as: 'v', text: 'vanish' }])
    expect(vanish.error?.message).toContain(
      'failed with no code: the agent vanished; the request failed without a JSON-RPC error code',
    )
    expect(vanish.error?.message).not.toContain('undefined')
    const expected = await run([ghost], { expectedErrors: new Set(['g']) })
    expect(expected.error).toBeUndefined()
    expect(expected.trace.steps[0]!.outcome).toMatchObject({ kind: 'error', error: { code: -32602 } })
  })

  it('judges an inline expectError like a scenario does, and records initialize for the checks', async () => {
    const ghost: CaseStep = { op: 'prompt', sessionId: 'ghost', text: 'hi', expectError: { code: -32602 } }
    const init: CaseStep = { op: 'initialize' }
    const { error, trace } = await run([init, ghost])
    expect(error).toBeUndefined()
    expect(trace.initialize).toMatchObject({ kind: 'ok', result: { protocolVersion: 1 } })
    const wrong: CaseStep = { ...ghost, expectError: { code: -32600 } }
    expect((await run([wrong])).error?.message).toBe(
      'steps[0] (prompt session "ghost" "hi"): expected error code -32600, got -32602: Invalid params: unknown ' +
        'session ghost',
    )
  })

  it('says how many updates arrived when waitUpdates runs out, and stops at once when interrupted', async () => {
    const steps: CaseStep[] = [
      session,
      { op: 'prompt', session: 's1', as: 'p1', text: 'hang', background: true },
      { op: 'waitUpdates', min: 3, from: 'p1' },
    ]
    expect((await run(steps)).error?.message).toBe(
      'timed out after 100 ms waiting for 3 updates since step "p1" in steps[2] (waitUpdates) (updateMs) (1 arrived)',
    )
    const controller = new AbortController()
    setTimeout(() => controller.abort('SIGINT'), 20)
    const interrupted = await run([session, { op: 'prompt', session: 's1', as: 'p1', text: 'hang' }], {
      signal: controller.signal,
      timeouts: scaledTimeouts(undefined, 1),
    })
    expect(interrupted.error?.name).toBe('InterruptedError')
    expect(interrupted.error?.message).toBe(
      'interrupted by SIGINT while waiting for the response to steps[1] (prompt "p1" s1 "hang") (requestMs)',
    )
  })
})
