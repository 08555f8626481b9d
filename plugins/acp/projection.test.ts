import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../session/events.ts'
import { historyUpdates, liveUpdates, type ToolLookup } from './projection.ts'

const tools: ToolLookup = (name) =>
  name === 'bash' ? { kind: 'execute', title: (args) => `bash: ${args.command}` } : undefined
const ev = (type: string, data: unknown) => ({ seq: 1, time: 0, type, data }) as SessionEvent

describe('projection', () => {
  it('maps chunks to message and thought chunks, ignoring usage and finish', () => {
    expect(
      liveUpdates(ev('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'hi' } }), tools),
    ).toEqual([{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } }])
    expect(
      liveUpdates(ev('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'reasoning-delta', text: 'hm' } }), tools),
    ).toEqual([{ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hm' } }])
    expect(
      liveUpdates(ev('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'finish', reason: 'stop' } }), tools),
    ).toEqual([])
  })

  it('puts the message id on message and thought chunks, live and retold (ACP messageId)', () => {
    const chunk = (type: string) => ev('assistant/chunk', { turn: 1, step: 1, chunk: { type, text: 'x' } })
    expect(liveUpdates(chunk('text-delta'), tools, { messageId: 'm-2' })[0]).toMatchObject({ messageId: 'm-2' })
    expect(liveUpdates(chunk('reasoning-delta'), tools, { messageId: 'm-2' })[0]).toMatchObject({ messageId: 'm-2' })
    const retold = historyUpdates(
      [
        ev('user/message', {
          turn: 1,
          messageId: 'm-1',
          content: [
            { type: 'text', text: 'q' },
            { type: 'text', text: 'r' },
          ],
        }),
        ev('assistant/message', { turn: 1, step: 1, messageId: 'm-2', text: 'a', reasoning: 'why', toolCalls: [] }),
      ],
      tools,
    )
    expect(retold.map((update) => [update.sessionUpdate, (update as { messageId?: string }).messageId])).toEqual([
      ['user_message_chunk', 'm-1'],
      ['user_message_chunk', 'm-1'],
      ['agent_thought_chunk', 'm-2'],
      ['agent_message_chunk', 'm-2'],
    ])
  })

  it('maps a tool call with its title, kind and parsed input, and its result with status', () => {
    expect(
      liveUpdates(
        ev('tool/call', { turn: 1, step: 1, callId: 'c', name: 'bash', arguments: '{"command":"ls"}' }),
        tools,
      ),
    ).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c',
        title: 'bash: ls',
        kind: 'execute',
        status: 'pending',
        rawInput: { command: 'ls' },
      },
    ])
    expect(
      liveUpdates(ev('tool/call', { turn: 1, step: 1, callId: 'd', name: 'nope', arguments: 'not json' }), tools)[0],
    ).toMatchObject({ title: 'nope', kind: 'other', rawInput: 'not json' })
    expect(
      liveUpdates(ev('tool/result', { turn: 1, step: 1, callId: 'c', output: 'boom', isError: true }), tools)[0],
    ).toMatchObject({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'failed' })
  })

  it('retells history as whole messages', () => {
    const updates = historyUpdates(
      [
        ev('user/message', { turn: 1, messageId: 'm', content: [{ type: 'text', text: 'q' }] }),
        ev('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'a' } }),
        ev('assistant/message', { turn: 1, step: 1, messageId: 'n', text: 'answer', reasoning: 'why', toolCalls: [] }),
      ],
      tools,
    )
    expect(updates.map((u) => u.sessionUpdate)).toEqual([
      'user_message_chunk',
      'agent_thought_chunk',
      'agent_message_chunk',
    ])
  })
})

describe('projection of failed turns', () => {
  it('tells the thread that the model failed, with its code and status', () => {
    expect(
      liveUpdates(
        ev('turn/end', { turn: 1, reason: 'error', error: { message: 'slow down', code: 'RATE_LIMIT', status: 429 } }),
        tools,
      ),
    ).toEqual([
      {
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'text', text: '\n[model error (RATE_LIMIT, HTTP 429): slow down]' },
      },
    ])
    expect(liveUpdates(ev('turn/end', { turn: 1, reason: 'cancelled' }), tools)).toEqual([])
  })
})

describe('projection of what tools show the editor', () => {
  const diff = { path: '/w/a.txt', oldText: null, newText: 'x' }
  it('puts the diff, the terminal and the output in the result, with its locations', () => {
    const display = { diff, terminalId: 'term-1', locations: [{ path: '/w/a.txt', line: 1 }] }
    expect(
      liveUpdates(ev('tool/result', { turn: 1, step: 1, callId: 'c', output: 'ok', isError: false, display }), tools),
    ).toEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c',
        status: 'completed',
        content: [
          { type: 'diff', path: '/w/a.txt', oldText: null, newText: 'x' },
          { type: 'terminal', terminalId: 'term-1' },
          { type: 'content', content: { type: 'text', text: 'ok' } },
        ],
        locations: [{ path: '/w/a.txt', line: 1 }],
      },
    ])
  })

  it('embeds a running terminal and tells a mode change', () => {
    expect(
      liveUpdates(ev('tool/update', { turn: 1, step: 1, callId: 'c', display: { terminalId: 'term-2' } }), tools),
    ).toEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'c', content: [{ type: 'terminal', terminalId: 'term-2' }] },
    ])
    expect(liveUpdates(ev('mode/change', { modeId: 'read-only' }), tools)).toEqual([
      { sessionUpdate: 'current_mode_update', currentModeId: 'read-only' },
    ])
  })

  it('retells results without their released terminals, and no terminal updates or mode changes', () => {
    const updates = historyUpdates(
      [
        ev('mode/change', { modeId: 'auto-edit' }),
        ev('tool/update', { turn: 1, step: 1, callId: 'c', display: { terminalId: 'term-1' } }),
        ev('tool/result', {
          turn: 1,
          step: 1,
          callId: 'c',
          output: 'done',
          isError: false,
          display: { terminalId: 'term-1' },
        }),
      ],
      tools,
    )
    expect(updates).toEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: 'done' } }],
      },
    ])
  })
})
