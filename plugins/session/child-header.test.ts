// A subagent's header: parent session, spawning call and spawn point, written and read back, all or none.
import { describe, expect, it } from 'vitest'
import { isChildHeader, type SessionHeader } from './events.ts'
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

  it('a header with only one of the parent keys is a child header missing the others (issue 41)', () => {
    const { parentSession: _s, parentCallId: _c, ...base } = child
    expect(() => parseSessionLog(line(base), 'f.jsonl')).toThrow(
      /^f\.jsonl:1: header "parentSession" must be a session id, found nothing; .*"spawn"/,
    )
    const { spawn: _p, ...noSpawn } = child
    expect(() => parseSessionLog(line({ ...noSpawn, parentCallId: undefined }), 'f.jsonl')).toThrow(/"parentCallId"/)
    expect(() => parseSessionLog(line(noSpawn), 'f.jsonl')).toThrow(/^f\.jsonl:1: header "spawn" must be/)
    const { spawn: _q, parentCallId: _r, ...onlySession } = child
    expect(() => parseSessionLog(line(onlySession), 'f.jsonl')).toThrow(/"parentCallId" must be a tool call id/)
  })

  it('reads as a ChildHeader, a root header as none: the parent keys come typed, with no assertion', () => {
    const read = parseSessionLog(`${serializeHeader(child)}\n`, 'f.jsonl', { live: true }).header
    if (!isChildHeader(read)) throw new Error('expected a child header')
    const parent: { session: string; call: string; turn: number } = {
      session: read.parentSession,
      call: read.parentCallId,
      turn: read.spawn.turn,
    }
    expect(parent).toEqual({ session: 'mom', call: 'call_1_1_2', turn: 1 })
    const { parentSession: _s, parentCallId: _c, spawn: _p, ...base } = child
    const root = parseSessionLog(line(base), 'f.jsonl', { live: true }).header
    expect(isChildHeader(root)).toBe(false)
    expect(Object.keys(root)).toEqual(['type', 'version', 'id', 'createdAt', 'cwd'])
  })
})
