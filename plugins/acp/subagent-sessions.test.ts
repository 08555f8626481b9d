// The `subagents`-capability surface, pure: announcement before any child traffic, state changes.
import { describe, expect, it } from 'vitest'
import type { EventData, EventType, SessionEvent } from '../session/events.ts'
import { type ChildInfo, ChildSessions, takesSubagentSessions } from './subagent-sessions.ts'

const child: ChildInfo = {
  sessionId: 'child-1',
  parentSession: 'parent',
  parentCallId: 'call_task',
  title: 'Count lines',
  prompt: 'Count the lines of todo.txt.\nThen say how many.',
}
const tools = () => ({ title: () => 'Run wc', kind: 'execute' as const })
let seq = 0
const event = <K extends EventType>(type: K, data: EventData[K]) =>
  ({ seq: ++seq, time: 0, type, data }) as SessionEvent
const kinds = (sent: ReturnType<ChildSessions['updates']>) =>
  sent.map(({ sessionId, update }) => {
    const state = 'state' in update && update.state ? `:${update.state.state}` : ''
    return `${sessionId} ${update.sessionUpdate}${state}`
  })

describe('subagent sessions (clients with the subagents capability)', () => {
  it('is on for any subagents object the client advertises, off when absent or null', () => {
    expect(takesSubagentSessions({ subagents: {} })).toBe(true)
    expect(takesSubagentSessions({ subagents: null })).toBe(false)
    expect(takesSubagentSessions({})).toBe(false)
    expect(takesSubagentSessions(undefined)).toBe(false)
  })

  it('announces the child under its parent before its first own update, once', () => {
    const surface = new ChildSessions()
    const first = surface.updates(event('user/message', { turn: 1, messageId: 'm', content: [] }), child, tools)
    expect(first).toEqual([
      {
        sessionId: 'parent',
        update: {
          sessionUpdate: 'subagent_update',
          sessionId: 'child-1',
          title: 'Count lines',
          description: 'Count the lines of todo.txt.',
          state: { state: 'running' },
          _meta: { 'dsh/toolCallId': 'call_task' },
        },
      },
    ])
    const chunk = { type: 'text-delta' as const, text: 'hi' }
    const next = surface.updates(event('assistant/chunk', { turn: 1, step: 1, chunk }), child, tools)
    expect(kinds(next)).toEqual(['child-1 agent_message_chunk'])
  })

  it("sends the child's prompt and its tool calls under the child's own session id", () => {
    const surface = new ChildSessions()
    const content = [{ type: 'text' as const, text: 'Count the lines.' }]
    const call = { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{"command":"wc -l a"}' }
    const sent = [
      ...surface.updates(event('user/message', { turn: 1, messageId: 'm', content }), child, tools),
      ...surface.updates(event('tool/call', call), child, tools),
    ]
    expect(kinds(sent)).toEqual(['parent subagent_update:running', 'child-1 user_message_chunk', 'child-1 tool_call'])
    expect(sent[2]!.update).toMatchObject({ toolCallId: 'c1', title: 'Run wc' })
  })

  it('requires action while a question waits, runs again after the answer, idles with the stop reason', () => {
    const surface = new ChildSessions()
    surface.updates(event('turn/start', { turn: 1 }), child, tools)
    const asked = surface.updates(
      event('permission/request', { callId: 'c1', approvalId: 'a', options: [] }),
      child,
      tools,
    )
    const outcome = { outcome: 'cancelled' as const }
    const answered = surface.updates(event('permission/outcome', { approvalId: 'a', outcome }), child, tools)
    const ended = surface.updates(event('turn/end', { turn: 1, reason: 'end_turn' }), child, tools)
    expect([...kinds(asked), ...kinds(answered)]).toEqual([
      'parent subagent_update:requires_action',
      'parent subagent_update:running',
    ])
    expect(ended.map((sent) => sent.update)).toEqual([
      { sessionUpdate: 'subagent_update', sessionId: 'child-1', state: { state: 'idle', stopReason: 'end_turn' } },
    ])
  })

  it("a failed child's last words go out before its idle state, which carries the error", () => {
    const surface = new ChildSessions()
    const error = { code: 'RATE_LIMIT', message: 'slow down' }
    const sent = surface.updates(event('turn/end', { turn: 1, reason: 'error', error }), child, tools)
    expect(kinds(sent)).toEqual([
      'parent subagent_update:running',
      'child-1 agent_message_chunk',
      'parent subagent_update:idle',
    ])
    expect(sent[2]!.update).toMatchObject({
      state: { stopReason: 'error', error: { code: -32603, message: 'model error RATE_LIMIT: slow down' } },
    })
  })

  it('a cancelled child idles with stopReason cancelled', () => {
    const sent = new ChildSessions().updates(event('turn/end', { turn: 1, reason: 'cancelled' }), child, tools)
    expect(sent.at(-1)!.update).toMatchObject({ state: { state: 'idle', stopReason: 'cancelled' } })
  })
})
