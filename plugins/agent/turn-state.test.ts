// The Turn object on its own: no composition, a stand-in store, model and client.
import { describe, expect, it } from 'vitest'
import { runTurn } from './turn.ts'
import { callTool, standIns, text, tool, typesOf } from './test-support/stand-ins.ts'

describe('Turn', () => {
  it('takes the next number from its session and appends under the session id', () => {
    const s = standIns()
    s.runtime.turn = 4
    const turn = s.turn()
    expect([turn.number, s.runtime.turn, turn.sessionId, turn.cwd]).toEqual([5, 5, 'session-1', '/work/cwd'])
    turn.append('turn/start', { turn: 5 })
    expect(s.events).toEqual([{ seq: 1, time: 0, type: 'turn/start', data: { turn: 5 }, sessionId: 'session-1' }])
  })

  it('folds what it logs into the model-visible history, but not the chunks a message was streamed in', () => {
    const s = standIns()
    const turn = s.turn()
    turn.append('user/message', { turn: 1, messageId: 'u', content: [{ type: 'text', text: 'hi' }] })
    turn.append('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'hel' } })
    expect(turn.history.snapshot()).toEqual([{ role: 'user', content: 'hi' }])
    turn.append('assistant/message', { turn: 1, step: 1, messageId: 'a', text: 'hello', toolCalls: [] })
    expect(turn.history.snapshot()).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ])
    expect(s.runtime.history).toBe(turn.history)
  })

  it('reads the session mode at each use, so a mode change mid-turn narrows the offered tools', () => {
    const s = standIns({ tools: [tool('bash', 'execute'), tool('read_file', 'read')] })
    const turn = s.turn()
    expect(turn.offeredTools().map((t) => t.name)).toEqual(['bash', 'read_file'])
    s.runtime.mode = 'read-only'
    expect(turn.mode).toBe('read-only')
    expect(turn.offeredTools().map((t) => t.name)).toEqual(['read_file'])
  })

  it('keeps the last request header and standing answers in the session, for the turns after it', () => {
    const s = standIns()
    const turn = s.turn()
    turn.lastHeader = { model: 'm', system: 's', tools: [] }
    turn.standing.set('bash', 'reject_always')
    const next = s.turn()
    expect(next.number).toBe(2)
    expect(next.lastHeader).toEqual({ model: 'm', system: 's', tools: [] })
    expect(next.standing.get('bash')).toBe('reject_always')
  })
})

describe('runTurn over a Turn', () => {
  it('a text turn logs its events in order; the next turn sends the history and repeats no header', async () => {
    const s = standIns({ steps: [text('one'), text('two')] })
    expect(await runTurn(s.turn(), [{ type: 'text', text: 'first' }])).toEqual({ reason: 'end_turn' })
    expect(typesOf(s.events)).toEqual([
      'user/message',
      'turn/start',
      'step/start',
      'request/header',
      'model/request',
      'assistant/chunk',
      'assistant/chunk',
      'assistant/message',
      'step/end',
      'turn/end',
    ])
    s.events.length = 0
    expect(await runTurn(s.turn(), [{ type: 'text', text: 'second' }])).toEqual({ reason: 'end_turn' })
    expect(typesOf(s.events)).not.toContain('request/header')
    expect(s.events.at(-1)?.data).toEqual({ turn: 2, reason: 'end_turn' })
    expect(s.requests[1]).toMatchObject({ sessionId: 'session-1', turn: 2, step: 1, model: 'm', system: 's' })
    expect(s.requests[1]?.messages.map((m) => m.content)).toEqual(['first', 'one', 'second'])
  })

  it('a call the user allows always runs, is remembered, and runs unasked in the next turn', async () => {
    const ran: unknown[] = []
    const bash = tool('bash', 'execute', async (args, context) => {
      ran.push([args, context.cwd])
      return { output: 'ok', isError: false }
    })
    const s = standIns({
      tools: [bash],
      steps: [callTool('bash', '{"command":"ls"}'), text('done'), callTool('bash', '{}', 'c2'), text('again')],
      answer: async () => ({ outcome: 'selected', optionId: 'allow_always', kind: 'allow_always' }),
    })
    expect(await runTurn(s.turn(), [{ type: 'text', text: 'go' }])).toEqual({ reason: 'end_turn' })
    expect(await runTurn(s.turn(), [{ type: 'text', text: 'go' }])).toEqual({ reason: 'end_turn' })
    expect(s.asked).toHaveLength(1)
    expect(s.asked[0]).toMatchObject({ sessionId: 'session-1', callId: 'call-bash', args: { command: 'ls' } })
    expect(ran).toEqual([
      [{ command: 'ls' }, '/work/cwd'],
      [{}, '/work/cwd'],
    ])
    expect(s.runtime.standing.get('bash')).toBe('allow_always')
    expect(typesOf(s.events).filter((t) => t.startsWith('permission/'))).toEqual([
      'permission/request',
      'permission/outcome',
    ])
  })

  it('ends max_turn_requests after the configured number of model calls', async () => {
    const s = standIns({
      tools: [tool('read_file', 'read')],
      steps: [callTool('read_file', '{}', 'a'), callTool('read_file', '{}', 'b')],
      maxStepsPerTurn: 2,
    })
    expect(await runTurn(s.turn(), [])).toEqual({ reason: 'max_turn_requests' })
    expect(s.requests).toHaveLength(2)
  })

  it('a stream without a finish ends the turn with an error, and a throw below still logs turn/end', async () => {
    const s = standIns({ steps: [[{ type: 'text-delta', text: 'cut' }]] })
    const outcome = await runTurn(s.turn(), [])
    expect(outcome).toEqual({
      reason: 'error',
      error: { message: 'model stream ended without a finish', code: 'INCOMPLETE_STREAM' },
    })
    const broken = standIns({ steps: [] })
    const failed = await runTurn(broken.turn(), [])
    expect(failed.error).toEqual({ message: 'the agent failed: the test scripted no model call 1', code: 'INTERNAL' })
    expect(typesOf(broken.events).at(-1)).toBe('turn/end')
  })
})
