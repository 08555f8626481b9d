// The strict reader of log-format.ts, refusal by refusal, with each message whole: a session log
// that dsh did not write must be refused naming file:line, the field and what was found there
// (issue 41 item 3: these checks belong to unit tests, where no scenario reaches them).
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from './events.ts'
import {
  LogVersionError,
  parseSessionEventLine,
  parseSessionLog,
  serializeEvent,
  serializeHeader,
  serializeSessionLog,
} from './log-format.ts'

const HEADER = '{"type":"session","version":1,"id":"abc","createdAt":1000,"cwd":"/work"}'
const TURN = '{"seq":1,"time":1001,"type":"turn/start","data":{"turn":1}}'
const SPAWN = '"parentSession":"p1","parentCallId":"call_1","spawn":{"turn":1,"step":2,"call":0}'
const HEADER_KEYS = 'type, version, id, createdAt, cwd, parentSession, parentCallId, spawn, forkedFrom'
const NOT_OURS =
  'dsh did not write this line (edited by hand, or by another program): restore the log, or remove the session'
const SUBAGENT_FIX =
  'a subagent log needs "parentSession", "parentCallId" and "spawn": {turn, step, call}; re-record it'

/** The message `parse` throws (fails the test when it does not throw). */
function refusal(parse: () => unknown): string {
  try {
    parse()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a refusal, but the text parsed')
}

const header = (fields: string) => refusal(() => parseSessionLog(`{"type":"session","version":1,${fields}}\n`, 's'))
const event = (line: string, options = {}) => refusal(() => parseSessionLog(`${HEADER}\n${line}\n`, 's', options))

describe('the header line', () => {
  it('names what line 1 holds when it is no session header', () => {
    expect(refusal(() => parseSessionLog('{"version":1}\n', 's'))).toBe(
      's:1: missing session header; line 1 must be {"type":"session","version":1,…}, found a line without ' +
        '"type":"session"',
    )
    expect(refusal(() => parseSessionLog('{"type":7}\n', 's'))).toMatch(/found a line without "type":"session"$/)
  })

  it('refuses another version as a LogVersionError saying what this build reads', () => {
    const text = HEADER.replace('"version":1', '"version":"2"')
    let thrown: unknown
    try {
      parseSessionLog(`${text}\n`, 's')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(LogVersionError)
    expect((thrown as Error).name).toBe('LogVersionError')
    expect((thrown as Error).message).toBe(
      's:1: unsupported session log version "2"; this build reads version 1 (upgrade dsh or re-record the session)',
    )
  })

  it('names one unexpected key, or several, and the keys a header may have', () => {
    expect(header('"id":"a","cwd":"/","x":1')).toBe(`s:1: unexpected key "x"; allowed: ${HEADER_KEYS}`)
    expect(header('"id":"a","cwd":"/","x":1,"y":2')).toBe(`s:1: unexpected keys "x", "y"; allowed: ${HEADER_KEYS}`)
  })

  it('requires a non-empty string id and cwd, describing what it found', () => {
    expect(header('"cwd":"/"')).toBe('s:1: header "id" must be a non-empty string, found nothing')
    expect(header('"id":"","cwd":"/"')).toBe('s:1: header "id" must be a non-empty string, found the string ""')
    expect(header('"id":7,"cwd":"/"')).toBe('s:1: header "id" must be a non-empty string, found the number 7')
    expect(header('"id":"a"')).toBe('s:1: header "cwd" must be a non-empty string, found nothing')
    expect(header('"id":"a","cwd":""')).toBe('s:1: header "cwd" must be a non-empty string, found the string ""')
    expect(header('"id":"a","cwd":["/"]')).toBe('s:1: header "cwd" must be a non-empty string, found an array')
  })

  it('checks createdAt when present, and requires it only in the live form', () => {
    expect(header('"id":"a","createdAt":"noon","cwd":"/"')).toBe(
      's:1: header "createdAt" must be a number of milliseconds, found the string "noon"',
    )
    expect(header('"id":"a","createdAt":null,"cwd":"/"')).toBe(
      's:1: header "createdAt" must be a number of milliseconds, found null',
    )
    const fixture = '{"type":"session","version":1,"id":"a","cwd":"/"}\n'
    expect(parseSessionLog(fixture, 's').header).toEqual({ type: 'session', version: 1, id: 'a', cwd: '/' })
    expect(refusal(() => parseSessionLog(fixture, 's', { live: true }))).toBe(
      's:1: header "createdAt" must be a number of milliseconds, found nothing',
    )
  })
})

describe("a subagent's header", () => {
  it('is read whole when it names its parent, the call and where it stands', () => {
    const log = parseSessionLog(`${HEADER.slice(0, -1)},${SPAWN}}\n`, 's', { live: true })
    expect(log.header).toEqual({
      type: 'session',
      version: 1,
      id: 'abc',
      createdAt: 1000,
      cwd: '/work',
      parentSession: 'p1',
      parentCallId: 'call_1',
      spawn: { turn: 1, step: 2, call: 0 },
    })
  })

  const base = '"id":"a","cwd":"/"'
  it('needs all three keys or none, each of its kind', () => {
    expect(header(`${base},"spawn":{"turn":1,"step":1,"call":0}`)).toBe(
      `s:1: header "parentSession" must be a session id, found nothing; ${SUBAGENT_FIX}`,
    )
    expect(header(`${base},"parentSession":"","parentCallId":"c","spawn":{"turn":1,"step":1,"call":0}`)).toBe(
      `s:1: header "parentSession" must be a session id, found the string ""; ${SUBAGENT_FIX}`,
    )
    expect(header(`${base},"parentSession":"p"`)).toBe(
      `s:1: header "parentCallId" must be a tool call id, found nothing; ${SUBAGENT_FIX}`,
    )
    expect(header(`${base},"parentCallId":"c"`)).toMatch(/^s:1: header "parentSession" must be a session id/)
    expect(header(`${base},"parentSession":"p","parentCallId":"","spawn":{"turn":1,"step":1,"call":0}`)).toBe(
      `s:1: header "parentCallId" must be a tool call id, found the string ""; ${SUBAGENT_FIX}`,
    )
    expect(header(`${base},"parentSession":"p","parentCallId":"c"`)).toBe(
      `s:1: header "spawn" must be {turn, step, call} counts, found nothing; ${SUBAGENT_FIX}`,
    )
  })

  it('counts spawn in non-negative integers: 0 is a count, -1, 1.5 and a missing one are not', () => {
    const spawn = (value: string) => `${base},"parentSession":"p","parentCallId":"c","spawn":${value}`
    expect(
      parseSessionLog(`{"type":"session","version":1,${spawn('{"turn":0,"step":0,"call":0}')}}\n`, 's').header,
    ).toMatchObject({ spawn: { turn: 0, step: 0, call: 0 } })
    for (const bad of ['{"turn":1,"step":-1,"call":0}', '{"turn":1.5,"step":1,"call":0}', '{"turn":1,"step":1}'])
      expect(header(spawn(bad))).toBe(
        `s:1: header "spawn" must be {turn, step, call} counts, found an object; ${SUBAGENT_FIX}`,
      )
    expect(header(spawn('[1,1,0]'))).toBe(
      `s:1: header "spawn" must be {turn, step, call} counts, found an array; ${SUBAGENT_FIX}`,
    )
  })
})

describe('event lines', () => {
  it('refuse a blank line, even one of spaces', () => {
    expect(event('   ')).toBe('s:2: blank line; every line must be one JSON object')
  })

  it('refuse a line that is not JSON, quoting the parser', () => {
    expect(event('{"seq":2oops')).toMatch(/^s:2: not valid JSON \(.+\); every line must be one JSON object$/)
  })

  it('refuse a line that is no object, describing it', () => {
    expect(event('null')).toBe('s:2: expected a JSON object, found null')
    expect(event('true')).toBe('s:2: expected a JSON object, found the boolean true')
    expect(event('"short"')).toBe('s:2: expected a JSON object, found the string "short"')
    expect(event(JSON.stringify('x'.repeat(40)))).toBe(
      `s:2: expected a JSON object, found the string "${'x'.repeat(40)}"`,
    )
    expect(event(JSON.stringify(`${'y'.repeat(40)}z`))).toBe(
      `s:2: expected a JSON object, found the string "${'y'.repeat(40)}…"`,
    )
  })

  it('refuse an unknown type, listing the known ones', () => {
    expect(event('{"type":5,"data":{}}')).toMatch(/^s:2: unknown event type the number 5; known types: user\/message, /)
    expect(event('{"data":{}}')).toMatch(/^s:2: unknown event type nothing; known types: /)
  })

  it('refuse an unexpected key, naming the keys an event may have', () => {
    expect(event('{"type":"turn/start","data":{"turn":1},"x":1}')).toBe(
      's:2: unexpected key "x"; allowed: seq, time, type, data',
    )
  })

  it('refuse data that is no object', () => {
    expect(event('{"type":"turn/start","data":null}')).toBe(
      's:2: event "turn/start" has null as data; data must be a JSON object',
    )
  })

  it('check seq and time when present, and require both in the live form', () => {
    const at = (envelope: string, options = {}) => event(`{${envelope}"type":"turn/start","data":{"turn":1}}`, options)
    expect(at('"seq":1.5,')).toBe('s:2: event "seq" must be a positive integer, found the number 1.5')
    expect(at('"seq":"1",')).toBe('s:2: event "seq" must be a positive integer, found the string "1"')
    expect(at('"seq":-1,')).toBe('s:2: event "seq" must be a positive integer, found the number -1')
    expect(at('"time":"noon",')).toBe('s:2: event "time" must be a number of milliseconds, found the string "noon"')
    expect(at('"seq":1,', { live: true })).toBe('s:2: event "time" must be a number of milliseconds, found nothing')
    const fixture = parseSessionLog(`${HEADER}\n{"seq":1,"type":"turn/start","data":{"turn":1}}\n`, 's')
    expect(fixture.events).toEqual([{ seq: 1, type: 'turn/start', data: { turn: 1 } }])
    const timed = parseSessionLog(`${HEADER}\n{"time":5,"type":"turn/start","data":{"turn":1}}\n`, 's')
    expect(timed.events).toEqual([{ time: 5, type: 'turn/start', data: { turn: 1 } }])
  })

  it('numbers the live form 1, 2, 3 from line 2, saying what was found', () => {
    const text = `${HEADER}\n${TURN}\n${TURN}\n`
    expect(refusal(() => parseSessionLog(text, 's', { live: true }))).toBe(
      's:3: expected seq 2, found 1; the log was reordered or edited by hand',
    )
  })
})

describe('event data', () => {
  it('is checked against its kind in the live form, naming the first field and how many more', () => {
    expect(event('{"seq":1,"time":1,"type":"turn/start","data":{"turn":"x"}}', { live: true })).toBe(
      `s:2: event "turn/start" has invalid data: data.turn: expected number, got string "x"; ${NOT_OURS}`,
    )
    expect(event('{"seq":1,"time":1,"type":"step/end","data":{}}', { live: true })).toBe(
      's:2: event "step/end" has invalid data: data.turn: required field is missing (expected number) (and 1 more); ' +
        NOT_OURS,
    )
  })

  it('is checked in every form: a normalized fixture (replay, import) as much as a live log', () => {
    expect(event('{"type":"step/end","data":{}}')).toMatch(/^s:2: event "step\/end" has invalid data: data\.turn/)
    expect(event('{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"text-delta"}}}')).toMatch(
      /^s:2: event "assistant\/chunk" has invalid data: data\.chunk\.text/,
    )
    expect(parseSessionLog(`${HEADER}\n{"type":"step/end","data":{"turn":1,"step":1}}\n`, 's').events).toHaveLength(1)
  })
})

describe('a torn last line', () => {
  it('is no tear when the file ends with a newline, or the last line is complete JSON', () => {
    expect(event('{"seq":2,"ti', { allowTornTail: true })).toMatch(/^s:2: not valid JSON/)
    const whole = parseSessionLog(`${HEADER}\n${TURN}`, 's', { allowTornTail: true })
    expect(whole).toEqual({ header: JSON.parse(HEADER), events: [JSON.parse(TURN)] })
  })

  it('in the header line leaves nothing to read: the file is to be deleted', () => {
    expect(refusal(() => parseSessionLog('{"type":"sess', 's', { allowTornTail: true }))).toBe(
      's:1: the header line is incomplete (the writer was killed while creating the session); delete the file',
    )
  })
})

describe('one live event line', () => {
  it('is read with its line number, in the live form', () => {
    expect(parseSessionEventLine(TURN, 's', 7)).toEqual(JSON.parse(TURN))
    expect(refusal(() => parseSessionEventLine('{"type":"turn/start","data":{"turn":1}}', 's', 7))).toBe(
      's:7: event "seq" must be a positive integer, found nothing',
    )
  })
})

describe('the serializers', () => {
  it("write a subagent's header with its parent keys last, with or without createdAt", () => {
    const spawn = { turn: 1, step: 2, call: 0 }
    const parent = { spawn, parentCallId: 'call_1', parentSession: 'p1' }
    expect(serializeHeader({ cwd: '/work', ...parent, createdAt: 1000, id: 'abc', version: 1, type: 'session' })).toBe(
      `${HEADER.slice(0, -1)},${SPAWN}}`,
    )
    expect(serializeHeader({ cwd: '/w', ...parent, id: 'a', version: 1, type: 'session' })).toBe(
      `{"type":"session","version":1,"id":"a","cwd":"/w",${SPAWN}}`,
    )
  })

  it('write seq or time alone when only one is there', () => {
    expect(serializeEvent({ seq: 4, type: 'turn/start', data: { turn: 1 } })).toBe(
      '{"seq":4,"type":"turn/start","data":{"turn":1}}',
    )
    expect(serializeEvent({ time: 9, type: 'turn/start', data: { turn: 1 } })).toBe(
      '{"time":9,"type":"turn/start","data":{"turn":1}}',
    )
  })

  it('write a whole log as one line each with a trailing newline', () => {
    const events: SessionEvent[] = [{ seq: 1, time: 1001, type: 'turn/start', data: { turn: 1 } }]
    const header = JSON.parse(HEADER)
    expect(serializeSessionLog(header, events)).toBe(`${HEADER}\n${TURN}\n`)
    expect(serializeSessionLog(header, [])).toBe(`${HEADER}\n`)
  })
})
