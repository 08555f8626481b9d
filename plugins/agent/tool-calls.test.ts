// A step's calls and their approval, over a stand-in Turn (no composition).
import { describe, expect, it } from 'vitest'
import { approve } from './approval.ts'
import { parseToolArguments } from './tool-arguments.ts'
import { runToolCalls } from './tool-calls.ts'
import { standIns, tool, typesOf } from './test-support/stand-ins.ts'

const call = (name: string, args = '{}', id = `call-${name}`) => ({ id, name, arguments: args })
const results = (s: ReturnType<typeof standIns>) =>
  s.events.filter((e) => e.type === 'tool/result').map((e) => (e.data as { output: string }).output)

describe('runToolCalls', () => {
  it('logs every call first, then answers each: unknown, hidden by the mode, bad arguments, run', async () => {
    const s = standIns({ tools: [tool('read_file', 'read'), tool('bash', 'execute')], mode: 'read-only' })
    const cancelled = await runToolCalls(s.turn(), 3, [
      call('grep'),
      call('bash'),
      call('read_file', '[1]'),
      call('read_file', '{"path":"a"}'),
    ])
    expect(cancelled).toBe(false)
    expect(typesOf(s.events)).toEqual([
      ...Array(4).fill('tool/call'),
      'tool/result',
      'tool/result',
      'tool/result',
      'tool/start',
      'tool/result',
    ])
    expect(results(s)).toEqual([
      'Unknown tool "grep". Available tools: read_file.',
      expect.stringMatching(/^Refused: "bash" is not available in read-only mode/),
      'Invalid arguments: expected a JSON object, got "[1]".',
      'read_file ran',
    ])
    expect(s.events.every((e) => (e.data as { step?: number }).step === 3)).toBe(true)
  })

  it('a cancel while a call waits for approval answers it and every later call as cancelled', async () => {
    const s = standIns({
      tools: [tool('bash', 'execute')],
      answer: () => {
        s.controller.abort()
        return new Promise(() => {})
      },
    })
    const cancelled = await runToolCalls(s.turn(), 1, [call('bash', '{}', 'a'), call('bash', '{}', 'b')])
    expect(cancelled).toBe(true)
    expect(results(s)).toEqual([
      'Cancelled: the user cancelled the turn while this call waited for approval.',
      'Cancelled: the user cancelled the turn before this call ran.',
    ])
    expect(s.events.find((e) => e.type === 'permission/outcome')?.data).toMatchObject({
      outcome: { outcome: 'cancelled' },
    })
  })

  it('a tool that throws gives an error result and a tool update is logged for its call', async () => {
    const contexts: unknown[] = []
    const throws = tool('bash', 'execute', async (_args, context) => {
      contexts.push({ cwd: context.cwd, hidden: context.hidden, aborted: context.signal.aborted })
      context.update?.({ terminalId: 't1' })
      throw new Error('disk on fire')
    })
    const s = standIns({ tools: [throws], hidden: ['/work/sessions'] })
    await runToolCalls(s.turn(), 1, [call('bash')])
    expect(contexts).toEqual([{ cwd: '/work/cwd', hidden: ['/work/sessions'], aborted: false }])
    expect(s.events.find((e) => e.type === 'tool/update')?.data).toMatchObject({
      turn: 1,
      step: 1,
      callId: 'call-bash',
    })
    expect(results(s)).toEqual(['Tool bash failed unexpectedly: disk on fire'])
  })
})

describe('approval', () => {
  it('runs unasked what needs no approval, what auto-edit approves and what the user always allowed', async () => {
    const s = standIns({ mode: 'auto-edit' })
    const turn = s.turn()
    expect(await approve(turn, call('read_file'), tool('read_file', 'read'), {})).toBe('run')
    expect(await approve(turn, call('edit_file'), tool('edit_file', 'edit'), {})).toBe('run')
    turn.standing.set('bash', 'allow_always')
    expect(await approve(turn, call('bash'), tool('bash', 'execute'), {})).toBe('run')
    turn.standing.set('edit_file', 'reject_always')
    expect(await approve(turn, call('edit_file'), tool('edit_file', 'edit'), {})).toBe('reject')
    expect(s.asked).toEqual([])
    expect(s.events).toEqual([])
  })

  it('asks the user otherwise, logs question and answer, and remembers an always-answer', async () => {
    const s = standIns({
      answer: async () => ({ outcome: 'selected', optionId: 'reject_always', kind: 'reject_always' }),
    })
    const turn = s.turn()
    expect(await approve(turn, call('bash'), tool('bash', 'execute'), { command: 'ls' })).toBe('reject')
    expect(s.asked[0]).toMatchObject({ callId: 'call-bash', args: { command: 'ls' }, signal: turn.signal })
    expect(typesOf(s.events)).toEqual(['permission/request', 'permission/outcome'])
    expect(turn.standing.get('bash')).toBe('reject_always')
  })

  it('a client that fails to answer counts as a cancelled question', async () => {
    const s = standIns({ answer: () => Promise.reject(new Error('connection closed')) })
    expect(await approve(s.turn(), call('bash'), tool('bash', 'execute'), {})).toBe('cancel')
    expect(s.events.find((e) => e.type === 'permission/outcome')?.data).toMatchObject({
      outcome: { outcome: 'cancelled' },
    })
  })
})

describe('an unknown tool and parseToolArguments', () => {
  it('names the offered tools, or none', async () => {
    const s = standIns()
    await runToolCalls(s.turn(), 1, [call('x')])
    expect(results(s)).toEqual(['Unknown tool "x". Available tools: none.'])
    expect(parseToolArguments('')).toEqual({ args: {} })
    expect(parseToolArguments('{')).toEqual({ error: 'Invalid arguments: not valid JSON: "{".' })
  })
})
