// A tool call's arguments are parsed once: the projection of the agent's own tool/call event
// takes the agent's parse; an event read back from a log is parsed afresh, to the same result.
import { describe, expect, it } from 'vitest'
import { liveUpdates } from '../acp/projection.ts'
import type { SessionEvent } from '../session/events.ts'
import { argumentsOf, parseToolArguments, recordedCall } from './tool-arguments.ts'

const tools = () => ({ title: (args: Record<string, unknown>) => `read ${String(args.path)}`, kind: 'read' as const })

describe('tool arguments', () => {
  it('parse to an object, or to the error the model is told', () => {
    expect(parseToolArguments('{"path":"a.txt"}')).toEqual({ args: { path: 'a.txt' } })
    expect(parseToolArguments('')).toEqual({ args: {} })
    expect(parseToolArguments('[1]')).toEqual({ error: 'Invalid arguments: expected a JSON object, got "[1]".' })
    expect(parseToolArguments('{oops')).toEqual({ error: 'Invalid arguments: not valid JSON: "{oops".' })
  })

  it('reach the projection as the very object the agent parsed', () => {
    const parsed = parseToolArguments('{"path":"a.txt"}')
    const data = recordedCall(
      { turn: 1, step: 1, callId: 'c1', name: 'read_file', arguments: '{"path":"a.txt"}' },
      parsed,
    )
    expect(argumentsOf(data)).toBe(parsed)
    const event = { seq: 3, time: 0, type: 'tool/call', data } as SessionEvent
    const [update] = liveUpdates(event, tools)
    expect(update).toMatchObject({ sessionUpdate: 'tool_call', title: 'read a.txt', rawInput: { path: 'a.txt' } })
    expect((update as { rawInput: unknown }).rawInput).toBe((parsed as { args: object }).args)
  })

  it('are parsed afresh for a call read back from a log, and shown raw when they are no object', () => {
    const logged = JSON.parse(
      '{"seq":3,"time":0,"type":"tool/call","data":{"turn":1,"step":1,"callId":"c1","name":"read_file","arguments":"' +
        '{\\"path\\":\\"b\\"}"}}',
    ) as SessionEvent
    expect(liveUpdates(logged, tools)[0]).toMatchObject({ title: 'read b', rawInput: { path: 'b' } })
    const broken = { ...logged, data: { ...(logged.data as object), arguments: 'nope' } } as SessionEvent
    expect(liveUpdates(broken, tools)[0]).toMatchObject({ title: 'read_file', rawInput: 'nope' })
  })
})
