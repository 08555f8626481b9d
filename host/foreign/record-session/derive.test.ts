import { expect, test } from 'vitest'
import { type CapturedMessage, deriveScenario } from './derive.ts'

const inn = (message: object): CapturedMessage => ({ dir: 'in', message: { jsonrpc: '2.0', ...message } })
const out = (message: object): CapturedMessage => ({ dir: 'out', message: { jsonrpc: '2.0', ...message } })
const chunk = (text: string) =>
  out({
    method: 'session/update',
    params: { sessionId: 'S', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } },
  })

test(
  'a session becomes steps, permission answers by kind and one text reply per turn; ' + 'a cancelled prompt is awaited',
  () => {
    const derived = deriveScenario([
      inn({ id: 0, method: 'initialize', params: { protocolVersion: 1 } }),
      out({ id: 0, result: { protocolVersion: 1 } }),
      inn({ id: 1, method: 'session/new', params: { cwd: '/w', mcpServers: [] } }),
      out({ id: 1, result: { sessionId: 'S' } }),
      inn({ id: 2, method: 'session/prompt', params: { sessionId: 'S', prompt: [{ type: 'text', text: 'hi' }] } }),
      out({
        id: 7,
        method: 'session/request_permission',
        params: { sessionId: 'S', options: [{ optionId: 'ok', kind: 'allow_once' }] },
      }),
      inn({ id: 7, result: { outcome: { outcome: 'selected', optionId: 'ok' } } }),
      chunk('Hel'),
      chunk('lo.'),
      out({ id: 2, result: { stopReason: 'end_turn' } }),
      inn({ id: 3, method: 'session/prompt', params: { sessionId: 'S', prompt: [{ type: 'text', text: 'long' }] } }),
      chunk('Once'),
      inn({ method: 'session/cancel', params: { sessionId: 'S' } }),
      out({ id: 3, result: { stopReason: 'cancelled' } }),
      inn({ id: 4, method: 'session/set_mode', params: { sessionId: 'S', modeId: 'x' } }),
    ])
    expect(derived.steps).toEqual([
      { op: 'initialize' },
      { op: 'newSession', as: 's1' },
      { op: 'prompt', session: 's1', text: 'hi' },
      { op: 'prompt', session: 's1', text: 'long', as: 'p5', background: true },
      { op: 'cancel', session: 's1' },
      { op: 'await', prompt: 'p5' },
    ])
    expect(derived.permissions).toEqual(['allow_once'])
    expect(derived.model).toEqual([{ reply: { text: 'Hello.' } }, { reply: { text: 'Once', end: 'hang' } }])
    expect(derived.skipped).toEqual(['session/set_mode (no step derived; add it to input.json by hand)'])
  },
)
