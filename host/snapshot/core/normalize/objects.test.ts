// The two hosts hand the normalizer the same surfaces in two ways: in process, the store's and
// the ACP connection's own objects; as a subprocess, the objects it parsed from the bytes once.
// Both must render byte for byte the same, and the objects a host hands in are never changed.
import { describe, expect, it } from 'vitest'
import { parseSessionLog } from '../../../../plugins/session/log-format.ts'
import { normalizeRun } from './run.ts'
import { parseTranscript } from './transcript.ts'

const CWD = '/tmp/dsh-objects-Q1'
const S = 'ssssssss-0000-4000-8000-000000000001'
const M = 'mmmmmmmm-0000-4000-8000-000000000002'

const header = { type: 'session', version: 1, id: S, createdAt: 5, cwd: CWD }
const events = [
  {
    seq: 1,
    time: 9,
    type: 'user/message',
    data: { turn: 1, messageId: M, content: [{ type: 'text', text: `in ${CWD}/a` }], note: undefined },
  },
  {
    seq: 2,
    time: 9,
    type: 'request/header',
    data: {
      turn: 1,
      step: 1,
      model: 'm',
      system: `work in ${CWD}`,
      tools: [{ name: 'bash', description: 'Run', parameters: {} }],
      reason: 'initial',
    },
  },
  { seq: 3, time: 9, type: 'assistant/chunk', data: { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'hi' } } },
  {
    seq: 4,
    time: 9,
    type: 'tool/result',
    data: { turn: 1, step: 1, callId: 'c', output: `${M} at ${CWD}`, isError: false, list: [undefined, -0] },
  },
]
const messages = [
  { jsonrpc: '2.0', id: 4, result: { sessionId: S } },
  { jsonrpc: '2.0', method: 'session/update', params: { sessionId: S, update: { text: `${M} in ${CWD}` } } },
]
const lines = (values: object[]) => `${values.map((value) => JSON.stringify(value)).join('\n')}\n`

describe('normalizeRun over objects and over the same objects written and parsed once', () => {
  it('renders the same surfaces and headers, and leaves the objects it was given unchanged', () => {
    const given = { messages: structuredClone(messages), log: { header: structuredClone(header), events } }
    const before = JSON.stringify(given)
    const fromObjects = normalizeRun({ messages: given.messages, sessionLogs: [given.log], cwdPaths: [CWD] })
    const fromBytes = normalizeRun({
      messages: parseTranscript(lines(messages)),
      sessionLogs: [parseSessionLog(lines([header, ...events]), 'log', { live: true })],
      cwdPaths: [CWD],
    })
    expect(fromObjects.sessionLogs).toEqual(fromBytes.sessionLogs)
    expect(fromObjects.transcript).toEqual(fromBytes.transcript)
    expect(fromObjects.headers).toEqual(fromBytes.headers)
    expect(JSON.stringify(given)).toBe(before)
    expect(fromObjects.headers[0]).toEqual([
      {
        turn: 1,
        step: 1,
        model: 'm',
        reason: 'initial',
        system: 'work in {{cwd}}',
        tools: [{ name: 'bash', description: 'Run', parameters: {} }],
      },
    ])
    expect(fromObjects.transcript[1]).toBe(
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"{{session:1}}","update":{"text":"{{message:' +
        '1}} in {{cwd}}"}}}',
    )
  })

  it('keeps a parsed __proto__ key a plain key', () => {
    const parsed = parseTranscript(`{"jsonrpc":"2.0","id":1,"result":{"__proto__":{"sessionId":"${S}"}}}\n`)
    expect(normalizeRun({ messages: parsed, sessionLogs: [], cwdPaths: [CWD] }).transcript).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"__proto__":{"sessionId":"{{session:1}}"}}}',
    ])
  })
})
