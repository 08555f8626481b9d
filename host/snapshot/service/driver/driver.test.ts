// The step engine against a real in-process agent (echo model): expectations, waits and
// permission answers each fail the scenario with a message naming the step.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, describe, expect, it } from 'vitest'
import AcpBridge from '../../../../plugins/acp/index.ts'
import Agent from '../../../../plugins/agent/index.ts'
import LlmService from '../../../../plugins/llm/index.ts'
import * as echo from '../../../../plugins/llm-echo/index.ts'
import SessionStore from '../../../../plugins/session/index.ts'
import ToolsService from '../../../../plugins/tools/index.ts'
import { openBridge } from '../bridge.ts'
import { SessionRecorder } from '../session-recorder.ts'
import { readInput } from '../../test-support/scenario-file.ts'
import { driveScenario } from './driver.ts'
import { PermissionQueue } from './permission-queue.ts'
import { failureMessages } from '../../model/failure.ts'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function drive(input: object, timeoutMs = 2000) {
  const base = mkdtempSync(join(tmpdir(), 'dsh-driver-'))
  const cwd = join(base, 'cwd')
  mkdirSync(cwd)
  const ctx = new Context()
  await ctx.plugin(LlmService)
  await ctx.plugin(echo, { models: ['echo'] })
  await ctx.plugin(SessionStore, { root: join(base, 'sessions') })
  await ctx.plugin(ToolsService, {})
  await ctx.plugin(Agent, { model: 'echo' })
  await ctx.plugin(AcpBridge, { transport: 'none' })
  const host = openBridge(ctx)
  const sessions = new SessionRecorder(ctx, [])
  cleanups.push(async () => {
    sessions.stop()
    host.close()
    await ctx.fiber.dispose()
    rmSync(base, { recursive: true, force: true })
  })
  return driveScenario({
    scenario: 'demo',
    input: readInput(JSON.stringify(input)),
    stream: host.clientStream,
    feed: sessions.feed,
    cwd,
    timeoutMs,
  })
}

const open = [{ op: 'initialize' }, { op: 'newSession', as: 's1' }]

describe('driveScenario', () => {
  it('passes a script whose steps all do what they say', async () => {
    const result = await drive({
      steps: [...open, { op: 'prompt', session: 's1', text: 'tool bash {"command":"true"}' }],
      permissions: ['allow_once'],
    })
    expect(result.failures).toEqual([])
  })

  it('fails an unexpected error, naming the step and how to expect it', async () => {
    const result = await drive({
      steps: [...open, { op: 'prompt', session: 's1', text: 'fail INSUFFICIENT_BALANCE 402' }],
    })
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]?.message).toMatch(
      /^steps\[2\] \(prompt s1 "fail INSUFFICIENT_BALANCE 402"\) failed with -32603: /,
    )
    expect(result.failures[0]?.message).toMatch(
      /; add "expectError": \{ "code": -32603 \} to steps\[2\] if the error is intended$/,
    )
  })

  it('fails an expected error that did not happen, and a wrong code', async () => {
    expect(
      (await drive({ steps: [...open, { op: 'prompt', session: 's1', text: 'hi', expectError: { code: -32603 } }] }))
        .failures,
    ).toEqual([
      {
        kind: 'step',
        scenario: 'demo',
        step: 'steps[2] (prompt s1 "hi")',
        message: expect.stringContaining('steps[2] (prompt s1 "hi"): expected error -32603, but the request succeeded'),
      },
    ])
    expect(
      (
        await drive({
          steps: [{ op: 'initialize' }, { op: 'prompt', sessionId: 'nope', text: 'x', expectError: { code: -32600 } }],
        })
      ).failures,
    ).toEqual([expect.objectContaining({ message: expect.stringContaining('expected error code -32600, got -32602') })])
  })

  it('times out a wait with a message saying what it waited for', async () => {
    const result = await drive({ steps: [...open, { op: 'waitFor', event: 'turn/start', session: 's1' }] }, 200)
    expect(result.failures[0]).toMatchObject({ kind: 'step', timedOut: true })
    expect(failureMessages(result.failures)).toEqual([
      'timed out after 200 ms waiting for steps[2] (waitFor turn/start in s1): event turn/start in session s1',
    ])
  })

  it('fails when queued permission answers were never used', async () => {
    const result = await drive({
      steps: [...open, { op: 'prompt', session: 's1', text: 'hello' }],
      permissions: ['allow_once'],
    })
    expect(failureMessages(result.failures)).toEqual([
      expect.stringContaining('1 permission answer never used: allow_once'),
    ])
  })
})

describe('PermissionQueue', () => {
  const request = (kinds: string[]) =>
    ({
      sessionId: 's',
      toolCall: { toolCallId: 'c1' },
      options: kinds.map((kind) => ({ optionId: `id-${kind}`, name: kind, kind })),
    }) as never

  it('answers by option kind in order, and cancelled once empty', () => {
    const queue = new PermissionQueue(['reject_once', 'allow_once'])
    expect(queue.answer(request(['allow_once', 'reject_once']))).toEqual({
      outcome: { outcome: 'selected', optionId: 'id-reject_once' },
    })
    expect(queue.answer(request(['allow_once']))).toEqual({
      outcome: { outcome: 'selected', optionId: 'id-allow_once' },
    })
    expect(queue.answer(request(['allow_once']))).toEqual({ outcome: { outcome: 'cancelled' } })
    expect(queue.problems).toEqual([])
  })

  it('records a kind the agent did not offer as a problem for the scenario', () => {
    const queue = new PermissionQueue(['allow_always'])
    expect(queue.answer(request(['allow_once', 'reject_once']))).toEqual({ outcome: { outcome: 'cancelled' } })
    expect(queue.problems).toEqual([
      'permission answer #1 is "allow_always", but the agent offered only allow_once, reject_once for tool call ' +
        'c1; fix "permissions" in input.json',
    ])
  })
})
