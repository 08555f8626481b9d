// The `task` tool over an in-memory ACP client with the echo model: child sessions, their logs,
// concurrency, failures, limits, approvals and cancel (a client without the `subagents` capability).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { type Harness, initialize, startHarness, waitForChildTurns } from '../acp/test-support/harness.ts'
import type { SessionEvent, SessionHeader } from '../session/events.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

/** One `tool task {...}` line for the echo model; `prompt` is the child's own echo script. */
const task = (description: string, prompt: string, extra: object = {}) =>
  `tool task ${JSON.stringify({ description, prompt, ...extra })}`

async function session(options: Parameters<typeof startHarness>[0] = { subagents: {} }) {
  h = await startHarness(options)
  await initialize(h.agent)
  const { sessionId } = await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })
  return sessionId
}
const prompt = (sessionId: string, text: string) =>
  h.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })

const children = (): SessionHeader[] => h.ctx.sessions.list().filter((header) => header.parentSession)
const eventsOf = (id: string): SessionEvent[] => h.ctx.sessions.read(id).events
const results = (id: string) =>
  eventsOf(id)
    .filter((e) => e.type === 'tool/result')
    .map((e) => e.data as { callId: string; output: string; isError: boolean })

describe('task: one child', () => {
  it('runs a child session with its own log whose header names the parent and the spawning call', async () => {
    const parent = await session()
    const response = await prompt(parent, task('say hi', 'hello from the child'))
    expect(response.stopReason).toBe('end_turn')
    const [child] = children()
    expect(child).toMatchObject({
      parentSession: parent,
      parentCallId: 'call_1_1_1',
      spawn: { turn: 1, step: 1, call: 0 },
      cwd: h.cwd,
    })
    expect(child!.id).not.toBe(parent)
    expect(results(parent)).toMatchObject([{ callId: 'call_1_1_1', output: 'hello from the child', isError: false }])
    expect(eventsOf(child!.id).map((e) => e.type)).toContain('turn/end')
    // No child session id on the wire; the child's latest message shows on the parent's task call.
    expect(h.transcript()).not.toContain(child!.id)
    expect(h.updates.map((n) => n.update)).toContainEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_1_1_1',
      status: 'in_progress',
      content: [{ type: 'content', content: { type: 'text', text: 'hello from the child' } }],
    })
  })

  it('session/list lists the parent only', async () => {
    const parent = await session()
    await prompt(parent, task('say hi', 'hi'))
    const { sessions } = await h.agent.request(acp.methods.agent.session.list, {})
    expect(sessions.map((s) => s.sessionId)).toEqual([parent])
  })
})

describe('task: several at once', () => {
  it('runs the calls of one step concurrently and logs their results in call order', async () => {
    const parent = await session()
    const lines = [task('slow', 'sleep 400\nfirst'), task('mid', 'sleep 200\nsecond'), task('fast', 'third')]
    await prompt(parent, lines.join('\n'))
    const ended = children()
      .map((c) => ({ spawn: c.spawn!.call, at: eventsOf(c.id).find((e) => e.type === 'turn/end')!.time }))
      .sort((a, b) => a.at - b.at)
      .map((c) => c.spawn)
    expect(ended).toEqual([2, 1, 0])
    expect(results(parent).map((r) => r.output)).toEqual(['first', 'second', 'third'])
  })
})

describe('task: failures are tool errors and the parent goes on', () => {
  it('a child whose model fails gives a named error; its sibling succeeds', async () => {
    const parent = await session()
    const response = await prompt(
      parent,
      [task('bad', 'fail INSUFFICIENT_BALANCE 402 top up'), task('good', 'ok')].join('\n'),
    )
    expect(response.stopReason).toBe('end_turn')
    const [bad, good] = results(parent)
    expect(bad!.isError).toBe(true)
    expect(bad!.output).toMatch(
      /^Subagent "bad" \(task call call_1_1_1\) failed: model error INSUFFICIENT_BALANCE: top up/,
    )
    expect(good).toMatchObject({ output: 'ok', isError: false })
  })

  it('a child at its step limit fails naming the limit', async () => {
    const parent = await session({ subagents: { maxSteps: 1 } })
    writeFileSync(join(h.cwd, 'a.txt'), 'alpha\n')
    await prompt(parent, task('read', 'tool read_file {"path":"a.txt"}'))
    expect(results(parent)[0]!.output).toMatch(/failed: it reached its step limit of 1 model calls/)
  })

  it('bad arguments, an unknown tool and a depth beyond the limit are named errors', async () => {
    const parent = await session()
    const nested = task('inner', 'hi')
    await prompt(
      parent,
      [
        'tool task {"description":"no prompt"}',
        'tool task {"description":"d","prompt":"p","tools":"bash"}',
        task('d', 'p', { tools: ['grep'] }),
        task('outer', nested, { tools: ['task'] }),
      ].join('\n'),
    )
    const [missing, wrongType, unknown, deep] = results(parent)
    expect(missing!.output).toBe('Invalid arguments for task: "prompt" is required.')
    expect(wrongType!.output).toBe('Invalid arguments for task: "tools" must be a list of tool names.')
    expect(unknown!.output).toMatch(/^SUBAGENT_UNKNOWN_TOOL: .*"tools" names "grep", which this session is not offered/)
    // The child ran; its own task call was refused at depth 1 and the child said so.
    expect(deep!.output).toMatch(/tool task failed: SUBAGENT_DEPTH: .*cannot go deeper than 1 level/)
  })
})

describe('task: fan-out per step (issue 43, silent 17)', () => {
  it('starts at most maxPerStep children in one step and refuses the rest by name', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const parent = await session({ subagents: { maxPerStep: 3 } })
      const lines = Array.from({ length: 5 }, (_, i) => task(`t${i}`, `child ${i}`))
      expect((await prompt(parent, lines.join('\n'))).stopReason).toBe('end_turn')
      expect(children()).toHaveLength(3)
      const outputs = results(parent).map((r) => r.output)
      expect(outputs.slice(0, 3)).toEqual(['child 0', 'child 1', 'child 2'])
      expect(outputs.slice(3)).toEqual([
        expect.stringMatching(/^SUBAGENT_FANOUT: task call call_1_1_4: one step may start at most 3 subagents \(/),
        expect.stringMatching(/^SUBAGENT_FANOUT: task call call_1_1_5: /),
      ])
      // The next step starts afresh.
      await prompt(parent, task('later', 'again'))
      expect(results(parent).at(-1)).toMatchObject({ output: 'again', isError: false })
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning')
  })

  it('has a default of 16, within which no listener warning comes', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const parent = await session()
      const lines = Array.from({ length: 18 }, (_, i) => task(`t${i}`, `child ${i}`))
      await prompt(parent, lines.join('\n'))
      expect(children()).toHaveLength(16)
      expect(results(parent).filter((r) => r.output.startsWith('SUBAGENT_FANOUT'))).toHaveLength(2)
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning')
  })
})

describe('task: the user stays in charge', () => {
  it("a child's bash asks the client under the parent's session, naming the child", async () => {
    const parent = await session()
    h.answers.push('allow_once')
    await prompt(parent, task('run it', 'tool bash {"command":"echo hi"}'))
    expect(h.permissionRequests).toHaveLength(1)
    expect(h.permissionRequests[0]).toMatchObject({
      sessionId: parent,
      toolCall: { toolCallId: 'call_1_1_1', title: expect.stringMatching(/^\[subagent: run it\] /) },
    })
    expect(results(parent)[0]!.output).toMatch(/tool bash returned: .*hi/)
  })

  it('a child under read-only mode is refused a write', async () => {
    const parent = await session()
    await h.agent.request(acp.methods.agent.session.setMode, { sessionId: parent, modeId: 'read-only' })
    await prompt(parent, task('write', 'tool write_file {"path":"x.txt","content":"x"}'))
    expect(results(parent)[0]!.output).toMatch(/tool write_file failed: Refused: "write_file" is not available/)
  })

  it('a child refused a tool it was not given is told why, not "only read tools" (ask and auto-edit)', async () => {
    const parent = await session()
    await prompt(parent, task('write', 'tool write_file {"path":"x.txt","content":"x"}'))
    await h.agent.request(acp.methods.agent.session.setMode, { sessionId: parent, modeId: 'auto-edit' })
    await prompt(parent, task('write', 'tool write_file {"path":"x.txt","content":"x"}'))
    for (const result of results(parent)) {
      expect(result.output).toMatch(/tool write_file failed: Refused: "write_file" is not among this subagent's tools/)
      expect(result.output).not.toContain('only read tools')
    }
    expect(results(parent)).toHaveLength(2)
  })

  it('cancelling the parent cancels every running child', async () => {
    const parent = await session()
    const childTurns = waitForChildTurns(h, 2)
    const running = prompt(parent, [task('a', 'sleep forever'), task('b', 'sleep forever')].join('\n'))
    await childTurns
    await h.agent.notify(acp.methods.agent.session.cancel, { sessionId: parent })
    expect((await running).stopReason).toBe('cancelled')
    const ends = children().map((c) => eventsOf(c.id).find((e) => e.type === 'turn/end')?.data)
    expect(ends).toEqual([
      { turn: 1, reason: 'cancelled' },
      { turn: 1, reason: 'cancelled' },
    ])
    expect(results(parent).map((r) => r.output)).toEqual([
      expect.stringMatching(/failed: it was cancelled with the parent prompt/),
      expect.stringMatching(/failed: it was cancelled with the parent prompt/),
    ])
  })
})
