import { describe, expect, it } from 'vitest'
import { normalizeRun } from './run.ts'

const CWD = '/tmp/dsh-two-sessions-Q1'
const A = 'aaaaaaaa-0000-4000-8000-000000000001'
const B = 'bbbbbbbb-0000-4000-8000-000000000002'
const M = 'mmmmmmmm-0000-4000-8000-000000000003'
const log = (id: string, ...events: object[]) => ({
  header: { type: 'session', version: 1, id, createdAt: 1, cwd: CWD },
  events,
})

describe('normalizeRun', () => {
  it('shares one token table across the transcript and all session logs', () => {
    // The transcript mentions B before A; tokens still follow the logs' order.
    const messages = [
      { jsonrpc: '2.0', id: 0, result: { sessionId: B } },
      { jsonrpc: '2.0', method: 'session/update', params: { sessionId: A, update: { messageId: M } } },
    ]
    const run = normalizeRun({
      messages,
      sessionLogs: [
        log(A, { seq: 1, time: 2, type: 'user/message', data: { turn: 1, messageId: M, content: [] } }),
        log(B),
      ],
      cwdPaths: [CWD],
    })
    expect(run.sessionLogs[0]).toContain('"id":"{{session:1}}"')
    expect(run.sessionLogs[0]).toContain('"messageId":"{{message:1}}"')
    expect(run.sessionLogs[1]).toContain('"id":"{{session:2}}"')
    expect(run.transcript).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"sessionId":"{{session:2}}"}}',
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"{{session:1}}","update":{"messageId":"{{mes' +
        'sage:1}}"}}}',
    ])
    expect(run.headers).toEqual([[], []])
  })

  it('skips header extraction for logs restored from fixtures (their headers are already scrubbed)', () => {
    const restored = log(A, {
      type: 'request/header',
      data: { turn: 1, step: 1, model: 'm', system: '{{system}}', tools: '{{tools}}', reason: 'initial' },
    })
    expect(() => normalizeRun({ messages: [], sessionLogs: [restored], cwdPaths: [CWD] })).toThrow(/already scrubbed/)
    const run = normalizeRun({ messages: [], sessionLogs: [restored], cwdPaths: [CWD], extractHeaders: false })
    expect(run.headers).toEqual([[]])
    expect(run.sessionLogs[0]).toContain('"system":"{{system}}"')
  })
})
