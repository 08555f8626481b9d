import { describe, expect, it } from 'vitest'
import { readInput } from '../test-support/scenario-file.ts'
import { buildConversation, type ConversationItem } from './conversation.ts'

const line = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value })
const update = (session: string, update: object) =>
  line({ method: 'session/update', params: { sessionId: session, update } })
const chunk = (session: string, text: string, kind = 'agent_message_chunk') =>
  update(session, { sessionUpdate: kind, content: { type: 'text', text } })
const script = (value: object) => readInput(JSON.stringify(value))
const blockText = (block: unknown) => {
  const b = block as { text?: string; type: string }
  return b.text ?? b.type
}
const summary = (items: ConversationItem[]) =>
  items.map((item) => {
    if (item.kind === 'user' || item.kind === 'message' || item.kind === 'thought')
      return `${item.kind}:${item.blocks.map(blockText).join('')}`
    if (item.kind === 'end') return `end:${item.stopReason}:${item.session}`
    if (item.kind === 'marker') return `marker:${item.text}`
    if (item.kind === 'tool') return `tool:${item.call.id}:${item.call.status}`
    return item.kind
  })

describe('buildConversation', () => {
  it('places each prompt from the script before its own turn, across interleaved sessions', () => {
    const input = script({
      steps: [
        { op: 'initialize' },
        { op: 'newSession', as: 'a' },
        { op: 'newSession', as: 'b' },
        { op: 'prompt', session: 'a', text: 'long one', as: 'a1', background: true },
        { op: 'prompt', session: 'b', text: 'short one', as: 'b1', background: true },
        { op: 'await', prompt: 'b1' },
        { op: 'cancel', session: 'a' },
        { op: 'await', prompt: 'a1' },
        { op: 'prompt', session: 'a', text: 'again' },
      ],
    })
    const lines = [
      line({ id: 1, result: { agentInfo: { name: 'dsh', version: '1' } } }),
      line({ id: 2, result: { sessionId: 'S1' } }),
      line({ id: 3, result: { sessionId: 'S2' } }),
      chunk('S1', 'Once upon'),
      chunk('S2', '42'),
      line({ id: 5, result: { stopReason: 'end_turn' } }),
      line({ id: 4, result: { stopReason: 'cancelled' } }),
      chunk('S1', 'Again.'),
      line({ id: 6, result: { stopReason: 'end_turn' } }),
    ]
    expect(summary(buildConversation(lines, input))).toEqual([
      'marker:client: initialize',
      'marker:agent: dsh 1',
      'marker:client: session/new',
      'marker:session S1 (a)',
      'marker:client: session/new',
      'marker:session S2 (b)',
      'user:long one',
      'message:Once upon',
      'user:short one',
      'message:42',
      'end:end_turn:S2',
      'end:cancelled:S1',
      'user:again',
      'message:Again.',
      'end:end_turn:S1',
    ])
  })

  it('folds tool call updates into one card with the permission answer the script queued', () => {
    const input = script({
      steps: [{ op: 'initialize' }, { op: 'newSession', as: 's' }, { op: 'prompt', session: 's', text: 'go' }],
      permissions: ['reject_once'],
    })
    const options = [
      { optionId: 'a', name: 'Allow once', kind: 'allow_once' },
      { optionId: 'r', name: 'Reject', kind: 'reject_once' },
    ]
    const items = buildConversation(
      [
        line({ id: 1, result: {} }),
        line({ id: 2, result: { sessionId: 'S' } }),
        update('S', {
          sessionUpdate: 'tool_call',
          toolCallId: 'c1',
          title: 'bash: ls',
          kind: 'execute',
          status: 'pending',
          rawInput: { command: 'ls' },
        }),
        line({
          id: 1,
          method: 'session/request_permission',
          params: { sessionId: 'S', toolCall: { toolCallId: 'c1' }, options },
        }),
        update('S', {
          sessionUpdate: 'tool_call_update',
          toolCallId: 'c1',
          status: 'failed',
          content: [{ type: 'content', content: { type: 'text', text: 'rejected' } }],
        }),
        update('S', { sessionUpdate: 'plan', entries: [] }),
        line({ id: 3, result: { stopReason: 'end_turn' } }),
      ],
      input,
    )
    const tool = items.find((item) => item.kind === 'tool')
    expect(tool?.kind === 'tool' && tool.call).toMatchObject({
      title: 'bash: ls',
      kind: 'execute',
      status: 'failed',
      statuses: ['pending', 'failed'],
      rawInput: { command: 'ls' },
      permission: { answer: 'Reject' },
    })
    expect(items.find((item) => item.kind === 'other')).toMatchObject({ label: 'plan' })
  })

  it('answers an empty queue and a held request as cancelled, saying why', () => {
    const input = script({
      steps: [{ op: 'initialize' }, { op: 'newSession', as: 's' }, { op: 'prompt', session: 's', text: 'go' }],
      permissions: ['hold'],
    })
    const ask = (id: number) =>
      line({
        id,
        method: 'session/request_permission',
        params: { sessionId: 'S', toolCall: { toolCallId: `c${id}`, title: `t${id}` }, options: [] },
      })
    const items = buildConversation(
      [line({ id: 1, result: {} }), line({ id: 2, result: { sessionId: 'S' } }), ask(1), ask(2)],
      input,
    )
    expect(items.filter((item) => item.kind === 'permission')).toMatchObject([
      { title: 't1', answer: 'cancelled', note: 'held open until the agent withdrew the request' },
      { title: 't2', answer: 'cancelled', note: 'no answer queued' },
    ])
  })

  it('shows a session/load replay, error responses and lines that are not JSON', () => {
    const input = script({
      steps: [
        { op: 'initialize' },
        { op: 'loadSession', session: 'recorded' },
        { op: 'prompt', sessionId: 'bogus', text: 'x', expectError: { code: -32602 } },
      ],
    })
    const items = buildConversation(
      [
        line({ id: 1, result: {} }),
        chunk('S9', 'earlier question', 'user_message_chunk'),
        line({ id: 2, result: {} }),
        line({ id: 3, error: { code: -32602, message: 'unknown session' } }),
        'garbage',
      ],
      input,
    )
    expect(summary(items)).toEqual([
      'marker:client: initialize',
      'marker:agent: ?',
      'marker:client: session/load',
      'user:earlier question',
      'user:x',
      'error',
      'other',
    ])
    expect(items[3]).toMatchObject({ replayed: true, session: 'S9' })
    expect(items[5]).toMatchObject({ method: 'session/prompt', code: -32602, message: 'unknown session' })
  })
})
