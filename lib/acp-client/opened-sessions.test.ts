// Which sessions an editor client opened, read from the messages it sends and receives.
import { describe, expect, it } from 'vitest'
import { OpenedSessions } from './opened-sessions.ts'

const request = (id: number, method: string, params: object) => ({ jsonrpc: '2.0' as const, id, method, params })
const ok = (id: number, result: object) => ({ jsonrpc: '2.0' as const, id, result })
const failed = (id: number) => ({ jsonrpc: '2.0', id, error: { code: -32002, message: 'Resource not found' } })
const update = (sessionId: string, update: object) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId, update },
})

describe('OpenedSessions', () => {
  it('knows the ids answered to session/new and session/fork, and the ids of loads and resumes that succeeded', () => {
    const sessions = new OpenedSessions()
    sessions.sent(request(1, 'session/new', { cwd: '/w', mcpServers: [] }))
    sessions.sent(request(2, 'session/load', { sessionId: 'loaded', cwd: '/w', mcpServers: [] }))
    sessions.sent(request(3, 'session/resume', { sessionId: 'gone', cwd: '/w' }))
    sessions.sent(request(4, 'session/fork', { sessionId: 'new-1', cwd: '/w' }))
    sessions.sent(request(5, 'session/prompt', { sessionId: 'never', prompt: [] }))
    expect(sessions.has('new-1')).toBe(false)
    sessions.received(ok(1, { sessionId: 'new-1' }))
    sessions.received(ok(2, {}))
    sessions.received(failed(3))
    sessions.received(ok(4, { sessionId: 'forked' }))
    sessions.received(ok(5, { stopReason: 'end_turn' }))
    expect(['new-1', 'loaded', 'forked'].filter(sessions.has)).toEqual(['new-1', 'loaded', 'forked'])
    expect(['gone', 'never', 'other'].filter(sessions.has)).toEqual([])
  })

  it('adds a child session announced with subagent_update under a session it opened, and only there', () => {
    const sessions = new OpenedSessions()
    sessions.sent(request(1, 'session/new', { cwd: '/w', mcpServers: [] }))
    sessions.received(ok(1, { sessionId: 'parent' }))
    sessions.received(update('parent', { sessionUpdate: 'subagent_update', sessionId: 'child' }))
    sessions.received(update('stranger', { sessionUpdate: 'subagent_update', sessionId: 'orphan' }))
    sessions.received(update('parent', { sessionUpdate: 'agent_message_chunk', sessionId: 'not-a-child' }))
    expect(sessions.has('child')).toBe(true)
    expect(sessions.has('orphan')).toBe(false)
    expect(sessions.has('not-a-child')).toBe(false)
  })

  it('reads a stream in both directions without changing what flows through it', async () => {
    const sessions = new OpenedSessions()
    const toAgent: unknown[] = []
    const fromAgent = new TransformStream()
    const tapped = sessions.tap({
      readable: fromAgent.readable,
      writable: new WritableStream({ write: (message) => void toAgent.push(message) }),
    })
    const writer = tapped.writable.getWriter()
    await writer.write(request(7, 'session/new', { cwd: '/w', mcpServers: [] }))
    const agentWriter = fromAgent.writable.getWriter()
    void agentWriter.write(ok(7, { sessionId: 'tapped' }))
    const { value } = await tapped.readable.getReader().read()
    expect(value).toEqual(ok(7, { sessionId: 'tapped' }))
    expect(toAgent).toEqual([request(7, 'session/new', { cwd: '/w', mcpServers: [] })])
    expect(sessions.has('tapped')).toBe(true)
  })
})
