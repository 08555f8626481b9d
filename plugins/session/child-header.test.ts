// A subagent's header: parent session, spawning call and spawn point, written and read back, all or none.
import { describe, expect, it } from 'vitest'
import type { SessionHeader } from './events.ts'
import { parseSessionLog, serializeHeader } from './log-format.ts'

const child: SessionHeader = {
  type: 'session',
  version: 1,
  id: 'kid',
  createdAt: 5,
  cwd: '/work',
  parentSession: 'mom',
  parentCallId: 'call_1_1_2',
  spawn: { turn: 1, step: 1, call: 1 },
}
const line = (header: object) => `${JSON.stringify(header)}\n`

describe('a subagent header', () => {
  it('round-trips with its parent keys after the base keys', () => {
    const text = `${serializeHeader(child)}\n`
    expect(text).toBe(
      '{"type":"session","version":1,"id":"kid","createdAt":5,"cwd":"/work","parentSession":"mom",' +
        '"parentCallId":"call_1_1_2","spawn":{"turn":1,"step":1,"call":1}}\n',
    )
    expect(parseSessionLog(text, 'session.1.jsonl', { live: true }).header).toEqual(child)
  })

  it('a broken child header is a named error: file, line 1, which key and what to do', () => {
    const { parentCallId: _, ...noCall } = child
    expect(() => parseSessionLog(line(noCall), 'scenarios/x/session.1.jsonl')).toThrow(
      /^scenarios\/x\/session\.1\.jsonl:1: header "parentCallId" must be a tool call id, found nothing; .*re-record/,
    )
    expect(() => parseSessionLog(line({ ...child, spawn: { turn: 1, step: 'one', call: 0 } }), 'f.jsonl')).toThrow(
      /^f\.jsonl:1: header "spawn" must be \{turn, step, call\} counts/,
    )
    expect(() => parseSessionLog(line({ ...child, parentSession: 7 }), 'f.jsonl')).toThrow(
      /^f\.jsonl:1: header "parentSession" must be a session id, found the number 7/,
    )
  })
})
