// The runner against a small in-memory agent: what it sends, how it judges outcomes, and how a
// host's own step and hooks take part.
import * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { closedObject } from '../closed-object.ts'
import { withTimeout } from '../with-timeout.ts'
import { named } from './fields.ts'
import { ScriptRunner } from './runner.ts'
import { SHARED_STEPS } from './shared-steps.ts'
import { defineStep, type ScriptStep, type StepState } from './step-kind.ts'

/** An agent that records what it was sent; a prompt "hang" never answers, "release" answers it. */
function fakeAgent() {
  const sent: unknown[] = []
  let release = () => {}
  const toAgent = new TransformStream<acp.AnyMessage, acp.AnyMessage>()
  const toClient = new TransformStream<acp.AnyMessage, acp.AnyMessage>()
  acp
    .agent({ name: 'fake' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      sent.push(params)
      return { protocolVersion: 1, agentCapabilities: {}, authMethods: [{ id: 'token', name: 'Token' }] }
    })
    .onRequest(acp.methods.agent.authenticate, ({ params }) => {
      sent.push(params)
      return {}
    })
    .onRequest(acp.methods.agent.session.new, ({ params }) => {
      sent.push(params)
      if (typeof params.cwd !== 'string' || !params.cwd.startsWith('/')) throw acp.RequestError.invalidParams({}, 'cwd')
      return { sessionId: `sid-${sent.length}` }
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params }) => {
      sent.push(params)
      const first = params.prompt[0]
      if (first?.type === 'text' && first.text === 'hang') await new Promise<void>((r) => (release = r))
      if (first?.type === 'text' && first.text === 'release') release()
      return { stopReason: 'end_turn' }
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sent.push({ cancel: params.sessionId })
    })
    .connect({ readable: toAgent.readable, writable: toClient.writable })
  const connection = acp.client({ name: 'test' }).connect({ readable: toClient.readable, writable: toAgent.writable })
  return { sent, connection }
}

/** A host step: counts how often it ran, with the session it names. */
const markStep = defineStep<ReturnType<typeof markSchema>, { marks: string[] }>({
  schema: markSchema(),
  run: async (step, run) => {
    run.client.host.marks.push(`${run.state.label} ${run.sessionOf(step)}`)
  },
})
function markSchema() {
  return closedObject({ op: z.literal('mark'), ...named, session: z.string() })
}

async function play(steps: Array<ScriptStep & Record<string, unknown>>) {
  const { sent, connection } = fakeAgent()
  const states: StepState[] = []
  const host = { marks: [] as string[] }
  const runner = new ScriptRunner([...SHARED_STEPS, markStep], {
    agent: connection.agent,
    cwd: '/work/case',
    host,
    wait: (promise, kind, what) => withTimeout(promise, 500, `${what} (${kind})`),
    initializeParams: () => ({ protocolVersion: 1, clientCapabilities: {} }),
    unexpectedErrorHint: (state) => `declare it at steps[${state.index}]`,
    stepStarted: (state) => states.push(state),
  })
  try {
    await runner.run(steps)
    return { sent, states, marks: host.marks, error: undefined }
  } catch (error) {
    return { sent, states, marks: host.marks, error: error as Error }
  } finally {
    connection.close()
  }
}

const init = { op: 'initialize' }
const s1 = { op: 'newSession', as: 's1' }

describe('ScriptRunner', () => {
  it('sends each step, defines sessions, expands {{cwd}} and runs a host step with the same names', async () => {
    const content = [{ type: 'resource_link', name: 'a', uri: 'file://{{cwd}}/a.md' }]
    const { sent, states, marks, error } = await play([
      init,
      s1,
      { op: 'prompt', session: 's1', content },
      { op: 'mark', session: 's1' },
      { op: 'cancel', session: 's1' },
      // A request after the notification: the agent has handled the cancel once this is answered.
      { op: 'prompt', sessionId: 'sid-2', text: 'after' },
    ])
    expect(error).toBeUndefined()
    expect(sent).toMatchObject([
      { protocolVersion: 1 },
      { cwd: '/work/case', mcpServers: [] },
      { sessionId: 'sid-2', prompt: [{ type: 'resource_link', name: 'a', uri: 'file:///work/case/a.md' }] },
      { cancel: 'sid-2' },
      { sessionId: 'sid-2' },
    ])
    expect(marks).toEqual(['steps[3] (mark) sid-2'])
    expect(states.map((s) => s.label)).toEqual([
      'steps[0] (initialize)',
      'steps[1] (newSession "s1")',
      'steps[2] (prompt s1)',
      'steps[3] (mark)',
      'steps[4] (cancel s1)',
      'steps[5] (prompt session "sid-2" "after")',
    ])
    expect(states[2]).toMatchObject({ sessionId: 'sid-2', outcome: { kind: 'ok', result: { stopReason: 'end_turn' } } })
  })

  it('lets a background prompt run on while later steps go, and judges it when awaited', async () => {
    const { sent, error } = await play([
      init,
      s1,
      { op: 'prompt', session: 's1', text: 'hang', as: 'p1', background: true },
      { op: 'prompt', session: 's1', text: 'release' },
      { op: 'await', prompt: 'p1' },
    ])
    expect(error).toBeUndefined()
    expect(sent).toHaveLength(4)
  })

  it('judges an expected error: its code and message, and a request that should have failed', async () => {
    const bad = { op: 'newSession', as: 'bad', params: { cwd: 'rel', mcpServers: [] } }
    expect((await play([init, { ...bad, expectError: { code: -32602 } }])).error).toBeUndefined()
    expect((await play([init, { ...bad, expectError: { code: -32600 } }])).error?.message).toBe(
      'steps[1] (newSession "bad"): expected error code -32600, got -32602: Invalid params: cwd',
    )
    expect((await play([init, { ...bad, expectError: { code: -32602, message: 'no' } }])).error?.message).toBe(
      'steps[1] (newSession "bad"): expected error message "no", got "Invalid params: cwd"',
    )
    expect((await play([init, { ...s1, expectError: { code: -32602 } }])).error?.message).toBe(
      'steps[1] (newSession "s1"): expected error -32602, but the request succeeded with {"sessionId":"sid-2"}',
    )
  })

  it('stops at an unexpected error with the host’s hint, and at a timeout naming the step', async () => {
    const bad = { op: 'newSession', as: 'bad', params: { cwd: 'rel', mcpServers: [] } }
    expect((await play([init, bad])).error?.message).toBe(
      'steps[1] (newSession "bad") failed with -32602: Invalid params: cwd; declare it at steps[1]',
    )
    const hung = await play([init, s1, { op: 'prompt', session: 's1', text: 'hang' }, init])
    expect(hung.error?.message).toBe(
      'timed out after 500 ms waiting for the response to steps[2] (prompt s1 "hang") (request)',
    )
    expect(hung.states).toHaveLength(3)
  })

  it('sends a value read from an earlier answer, and names the step and path when nothing is there', async () => {
    const named = { op: 'initialize', as: 'init' }
    const ref = (path: string) => ({ op: 'authenticate', methodId: { answerOf: 'init', path } })
    const played = await play([named, ref('authMethods.0.id')])
    expect(played.error).toBeUndefined()
    expect(played.sent.at(-1)).toEqual({ methodId: 'token' })
    expect(played.states.at(-1)?.label).toBe("steps[1] (authenticate init's authMethods.0.id)")
    const missing = await play([named, ref('authMethods.1.id')])
    expect(missing.error?.message).toBe(
      "steps[1] (authenticate init's authMethods.1.id): init's answer has nothing at authMethods.1.id, not a " +
        'string; the agent must answer one there, or the script must name another path',
    )
    expect(missing.sent).toHaveLength(1)
  })
})
