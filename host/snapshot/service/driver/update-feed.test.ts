import { expect, test } from 'vitest'
import { UpdateFeed } from './update-feed.ts'

const update = (sessionId: string, sessionUpdate: string, status?: string) => ({
  sessionId,
  update: { sessionUpdate, ...(status ? { status } : {}) },
})

test('counts updates per session and kind, tool calls per status, and permission requests', async () => {
  const feed = new UpdateFeed()
  feed.update(update('a', 'agent_message_chunk'))
  const two = feed.waitFor('a', { update: 'agent_message_chunk', count: 2 }, 1000, 'two chunks')
  const other = feed.waitFor('b', { update: 'agent_message_chunk' }, 60, 'a chunk in b')
  feed.update(update('a', 'agent_message_chunk'))
  await expect(two).resolves.toBeUndefined()
  feed.update(update('a', 'tool_call', 'pending'))
  feed.update(update('a', 'tool_call_update', 'completed'))
  feed.permission({ sessionId: 'a' })
  await expect(feed.waitFor('a', { update: 'tool_call_update', status: 'completed' }, 10, 'done')).resolves.toBe(
    undefined,
  )
  await expect(feed.waitFor('a', { update: 'request_permission' }, 10, 'asked')).resolves.toBeUndefined()
  await expect(other).rejects.toThrow(/a chunk in b/)
  await expect(feed.waitFor('a', { update: 'tool_call', status: 'failed' }, 20, 'failed call')).rejects.toThrow(
    /failed call/,
  )
})

test(
  'lines the driver stream drops are counted: kinds by their ' + 'fields, tool calls parsed for their status',
  async () => {
    const feed = new UpdateFeed()
    const line = (update: object) =>
      Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's"1', update } }))
    feed.line(line({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: '"status":"failed"' } }))
    feed.line(line({ sessionUpdate: 'tool_call', toolCallId: 't', title: 'x', status: 'pending' }))
    await expect(feed.waitFor('s"1', { update: 'agent_message_chunk' }, 10, 'chunk')).resolves.toBeUndefined()
    await expect(feed.waitFor('s"1', { update: 'tool_call', status: 'pending' }, 10, 'call')).resolves.toBeUndefined()
  },
)
