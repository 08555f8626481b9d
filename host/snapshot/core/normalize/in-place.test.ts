// Rendering what the normalizer parsed itself rewrites those objects instead of copying them;
// the result is the same as copying, and objects a caller hands in are never changed.
import { describe, expect, it } from 'vitest'
import { createCwdReplacer } from './cwd.ts'
import { normalizeRun } from './run.ts'
import { TokenTable, tokenizeInPlace, tokenizeValue } from './tokens.ts'

const CWD = '/tmp/dsh-in-place-Q1'
const S = 'ssssssss-0000-4000-8000-000000000001'
const M = 'mmmmmmmm-0000-4000-8000-000000000002'

const header = { type: 'session', version: 1, id: S, createdAt: 5, cwd: CWD }
const events = [
  {
    seq: 1,
    time: 9,
    type: 'user/message',
    data: { turn: 1, messageId: M, content: [{ type: 'text', text: `in ${CWD}/a` }] },
  },
  {
    seq: 2,
    time: 9,
    type: 'request/header',
    data: { turn: 1, step: 1, model: 'm', system: `work in ${CWD}`, tools: [{ name: 'bash' }], reason: 'initial' },
  },
  { seq: 3, time: 9, type: 'assistant/chunk', data: { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'hi' } } },
  {
    seq: 4,
    time: 9,
    type: 'tool/result',
    data: { turn: 1, step: 1, callId: 'c', output: `${M} at ${CWD}`, isError: false },
  },
]
const logText = `${[header, ...events].map((line) => JSON.stringify(line)).join('\n')}\n`
const stdout = `${[
  { jsonrpc: '2.0', id: 4, result: { sessionId: S } },
  { jsonrpc: '2.0', method: 'session/update', params: { sessionId: S, update: { text: `${M} in ${CWD}` } } },
]
  .map((message) => JSON.stringify(message))
  .join('\n')}\n`

describe('tokenizeInPlace', () => {
  it('gives what tokenizeValue gives, in the same object, parsed __proto__ keys included', () => {
    const text =
      `{"sessionId":"${S}","__proto__":{"note":"${S} ` +
      `${CWD}/x"},"list":["${CWD}",1,null,{"messageId":"${M}","updatedAt":"2026-01-01T10:00:00.004Z"}]}`
    const table = () => {
      const tokens = new TokenTable()
      tokens.tokenFor('session', S)
      tokens.tokenFor('message', M)
      return tokens
    }
    const replaceCwd = createCwdReplacer([CWD])
    const expected = tokenizeValue(JSON.parse(text), table(), replaceCwd)
    const parsed = JSON.parse(text)
    const rewritten = tokenizeInPlace(parsed, table(), replaceCwd)
    expect(rewritten).toBe(parsed)
    expect(JSON.stringify(rewritten)).toBe(JSON.stringify(expected))
    expect(JSON.stringify(rewritten)).toBe(
      '{"sessionId":"{{session:1}}","__proto__":{"note":"{{session:1}} ' +
        '{{cwd}}/x"},"list":["{{cwd}}",1,null,{"messageId":"{{message:1}}","updatedAt":"{{time}}"}]}',
    )
  })
})

describe('normalizeRun over text and over objects', () => {
  it('renders the same surfaces and headers, and leaves objects it was given unchanged', () => {
    const fromText = normalizeRun({ stdout, sessionLogs: [logText], cwdPaths: [CWD] })
    const given = { header: structuredClone(header), events: structuredClone(events) }
    const fromObjects = normalizeRun({ stdout, sessionLogs: [given], cwdPaths: [CWD] })
    expect(fromText.sessionLogs).toEqual(fromObjects.sessionLogs)
    expect(fromText.transcript).toEqual(fromObjects.transcript)
    expect(fromText.headers).toEqual(fromObjects.headers)
    expect(fromText.headers[0]).toEqual([
      { turn: 1, step: 1, model: 'm', reason: 'initial', system: 'work in {{cwd}}', tools: [{ name: 'bash' }] },
    ])
    expect(given).toEqual({ header, events })
    expect(fromText.transcript[1]).toBe(
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"{{session:1}}","update":{"text":"{{message:' +
        '1}} in {{cwd}}"}}}',
    )
  })
})

describe('short strings', () => {
  it('still replaces an id or a cwd that fills the whole string', () => {
    const tokens = new TokenTable()
    tokens.tokenFor('approval', 'abcdefgh')
    expect(tokens.replaceKnownIds('abcdefgh')).toBe('{{approval:1}}')
    expect(tokens.replaceKnownIds('abcdefg')).toBe('abcdefg')
    const replaceCwd = createCwdReplacer(['/t/abc'])
    expect(replaceCwd('/t/abc')).toBe('{{cwd}}')
    expect(replaceCwd('/t/ab')).toBe('/t/ab')
  })
})
