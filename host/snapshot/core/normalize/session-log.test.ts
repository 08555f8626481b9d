import { describe, expect, it } from 'vitest'
import { parseSessionLog } from '../../../../plugins/session/log-format.ts'
import { createNormalizeContext } from './context.ts'
import { normalizeRun } from './run.ts'
import { extractHeaders, type SessionLogObjects } from './session-log.ts'

const CWD = '/tmp/dsh-tool-turn-Zz9'
const SID = '9a1b2c3d-0000-4000-8000-00000000000a'
const MSG_USER = 'c0ffee00-1111-4111-8111-000000000001'
const MSG_ASSISTANT = 'c0ffee00-1111-4111-8111-000000000002'
const TOOLS = [{ name: 'read_file', description: 'Read a file', parameters: { type: 'object' } }]

const liveLog = [
  { type: 'session', version: 1, id: SID, createdAt: 1767000000000, cwd: CWD },
  {
    seq: 1,
    time: 1767000000001,
    type: 'user/message',
    data: { turn: 1, messageId: MSG_USER, content: [{ type: 'text', text: `read ${CWD}/a.txt` }] },
  },
  { seq: 2, time: 1767000000002, type: 'turn/start', data: { turn: 1 } },
  {
    seq: 3,
    time: 1767000000003,
    type: 'request/header',
    data: { turn: 1, step: 1, model: 'deepseek-chat', system: `You work in ${CWD}.`, tools: TOOLS, reason: 'initial' },
  },
  {
    seq: 4,
    time: 1767000000004,
    type: 'permission/request',
    data: { callId: 'call_0', approvalId: 'appr-000000001', options: [] },
  },
  {
    seq: 5,
    time: 1767000000005,
    type: 'permission/outcome',
    data: { approvalId: 'appr-000000001', outcome: { outcome: 'cancelled' } },
  },
  {
    seq: 6,
    time: 1767000000006,
    type: 'assistant/message',
    data: { turn: 1, step: 1, messageId: MSG_ASSISTANT, text: `session ${SID}`, toolCalls: [] },
  },
]
const live: SessionLogObjects = { header: liveLog[0]!, events: liveLog.slice(1) }
/** A session log's fixture text, as normalizeRun renders it. */
const fixtureOf = (log: SessionLogObjects) =>
  normalizeRun({ messages: [], sessionLogs: [log], cwdPaths: [CWD], extractHeaders: false }).sessionLogs[0]!

describe('a session log as a fixture', () => {
  it('produces the fixture form', () => {
    const fixture = fixtureOf(live)
    expect(fixture.split('\n')).toEqual([
      '{"type":"session","version":1,"id":"{{session:1}}","createdAt":0,"cwd":"{{cwd}}"}',
      '{"type":"user/message","data":{"turn":1,"messageId":"{{message:1}}","content":[{"type":"text","text":"read ' +
        '{{cwd}}/a.txt"}]}}',
      '{"type":"turn/start","data":{"turn":1}}',
      '{"type":"request/header","data":{"turn":1,"step":1,"model":"deepseek-chat","system":"{{system}}","tools":"{{t' +
        'ools}}","reason":"initial"}}',
      '{"type":"permission/request","data":{"callId":"call_0","approvalId":"{{approval:1}}","options":[]}}',
      '{"type":"permission/outcome","data":{"approvalId":"{{approval:1}}","outcome":{"outcome":"cancelled"}}}',
      '{"type":"assistant/message","data":{"turn":1,"step":1,"messageId":"{{message:2}}","text":"session ' +
        '{{session:1}}","toolCalls":[]}}',
      '',
    ])
  })

  it('is a no-op on a committed fixture and never changes the objects it is given', () => {
    const given = structuredClone(live)
    const fixture = fixtureOf(given)
    expect(given).toEqual(live)
    expect(fixtureOf(parseSessionLog(fixture, 'fixture'))).toBe(fixture)
  })

  it('keeps a session cwd below the temp cwd relative to {{cwd}}', () => {
    const fixture = fixtureOf({
      header: { type: 'session', version: 1, id: SID, createdAt: 5, cwd: `${CWD}/sub` },
      events: [],
    })
    expect(fixture).toBe('{"type":"session","version":1,"id":"{{session:1}}","createdAt":0,"cwd":"{{cwd}}/sub"}\n')
  })
})

describe('extractHeaders', () => {
  it('returns the live system prompt and tools per request/header, normalized with the context', () => {
    const headers = extractHeaders(liveLog.slice(1), createNormalizeContext([CWD]))
    expect(headers).toEqual([
      { turn: 1, step: 1, model: 'deepseek-chat', reason: 'initial', system: 'You work in {{cwd}}.', tools: TOOLS },
    ])
  })

  it('refuses a scrubbed fixture', () => {
    const fixture = parseSessionLog(fixtureOf(live), 'fixture')
    expect(() => extractHeaders(fixture.events)).toThrow(/already scrubbed; extract headers from the live log/)
  })
})
