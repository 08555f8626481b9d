import { describe, expect, it } from 'vitest'
import type { SessionEvent, SessionHeader } from './events.ts'
import {
  parseSessionHeaderLine,
  parseSessionLog,
  serializeEvent,
  serializeHeader,
  serializeSessionLog,
} from './log-format.ts'

const header: SessionHeader = { type: 'session', version: 1, id: 'abc', createdAt: 1000, cwd: '/work' }
const HEADER = '{"type":"session","version":1,"id":"abc","createdAt":1000,"cwd":"/work"}'
const TURN = '{"seq":1,"time":1001,"type":"turn/start","data":{"turn":1}}'

describe('serializers', () => {
  it('write the header and events with the key order of docs/design.md §5, whatever the input order', () => {
    expect(serializeHeader({ cwd: '/work', createdAt: 1000, id: 'abc', version: 1, type: 'session' })).toBe(HEADER)
    const event = { data: { turn: 1 }, type: 'turn/start', time: 1001, seq: 1 } as SessionEvent
    expect(serializeEvent(event)).toBe(TURN)
  })

  it('write the normalized fixture form without seq/time/createdAt', () => {
    expect(serializeEvent({ type: 'step/end', data: { turn: 1, step: 2 } })).toBe(
      '{"type":"step/end","data":{"turn":1,"step":2}}',
    )
    expect(serializeHeader({ type: 'session', version: 1, id: '{{session:1}}', cwd: '{{cwd}}' })).toBe(
      '{"type":"session","version":1,"id":"{{session:1}}","cwd":"{{cwd}}"}',
    )
  })

  it('round-trip a whole log through the reader', () => {
    const events: SessionEvent[] = [
      { seq: 1, time: 1001, type: 'turn/start', data: { turn: 1 } },
      {
        seq: 2,
        time: 1002,
        type: 'assistant/chunk',
        data: { turn: 1, step: 1, chunk: { type: 'text-delta', text: 'hi\n"there"' } },
      },
    ]
    const text = serializeSessionLog(header, events)
    expect(text.endsWith('\n')).toBe(true)
    expect(parseSessionLog(text, 'x.jsonl', { live: true })).toEqual({ header, events })
  })
})

describe('parseSessionLog', () => {
  it('accepts committed fixtures without seq/time/createdAt by default', () => {
    const text =
      '{"type":"session","version":1,"id":"{{session:1}}","cwd":"{{cwd}}"}\n{"type":"turn/start","data":{"turn":1}}\n'
    const log = parseSessionLog(text, 'fixture.jsonl')
    expect(log.header.id).toBe('{{session:1}}')
    expect(log.events).toEqual([{ type: 'turn/start', data: { turn: 1 } }])
  })

  it('accepts a file whose last line lacks the newline but is complete', () => {
    expect(parseSessionLog(`${HEADER}\n${TURN}`, 'f.jsonl', { live: true }).events).toHaveLength(1)
  })

  const cases: Array<[string, string, RegExp, { live?: boolean }?]> = [
    ['an empty file', '', /^s\.jsonl:1: empty session log/],
    ['bad JSON', `${HEADER}\n${TURN}\n{"seq":2,oops}\n`, /^s\.jsonl:3: not valid JSON/],
    ['a non-object line', `${HEADER}\n[1,2]\n`, /^s\.jsonl:2: expected a JSON object, found an array/],
    ['a missing header', `${TURN}\n`, /^s\.jsonl:1: missing session header; .*found a "turn\/start" line/],
    [
      'a wrong version',
      `${HEADER.replace('"version":1', '"version":2')}\n`,
      /^s\.jsonl:1: unsupported session log version 2/,
    ],
    [
      'a header without id',
      `${HEADER.replace('"id":"abc",', '')}\n`,
      /^s\.jsonl:1: header "id" must be a non-empty string/,
    ],
    [
      'an unknown event type',
      `${HEADER}\n${TURN}\n{"type":"turn/explode","data":{}}\n`,
      /^s\.jsonl:3: unknown event type the string "turn\/explode"/,
    ],
    [
      'non-object data',
      `${HEADER}\n{"type":"turn/start","data":"turn 1"}\n`,
      /^s\.jsonl:2: event "turn\/start" has the string "turn 1" as data; data must be a JSON object/,
    ],
    [
      'array data',
      `${HEADER}\n{"type":"turn/start","data":[1]}\n`,
      /^s\.jsonl:2: event "turn\/start" has an array as data/,
    ],
    ['a blank line', `${HEADER}\n\n${TURN}\n`, /^s\.jsonl:2: blank line/],
    ['a second header', `${HEADER}\n${HEADER}\n`, /^s\.jsonl:2: a second session header/],
    [
      'an unexpected key',
      `${HEADER}\n{"type":"turn/start","data":{"turn":1},"extra":true}\n`,
      /^s\.jsonl:2: unexpected key "extra"/,
    ],
    [
      'a bad seq',
      `${HEADER}\n{"seq":0,"type":"turn/start","data":{"turn":1}}\n`,
      /^s\.jsonl:2: event "seq" must be a positive integer, found the number 0/,
    ],
    [
      'a missing seq in live form',
      `${HEADER}\n{"type":"turn/start","data":{"turn":1}}\n`,
      /^s\.jsonl:2: event "seq" must be a positive integer, found nothing/,
      { live: true },
    ],
    [
      'a seq gap in live form',
      `${HEADER}\n${TURN}\n${TURN.replace('"seq":1', '"seq":3')}\n`,
      /^s\.jsonl:3: expected seq 2, found 3/,
      { live: true },
    ],
    [
      'a missing createdAt in live form',
      `${HEADER.replace('"createdAt":1000,', '')}\n`,
      /^s\.jsonl:1: header "createdAt" must be a number/,
      { live: true },
    ],
    ['a torn last line when not allowed', `${HEADER}\n${TURN}\n{"seq":2,"ti`, /^s\.jsonl:3: not valid JSON/],
  ]
  for (const [what, text, message, options] of cases) {
    it(`rejects ${what} with file:line`, () => {
      expect(() => parseSessionLog(text, 's.jsonl', options)).toThrow(message)
    })
  }

  it('reports a torn last line (no newline, not JSON) when allowed, with the bytes to keep', () => {
    const complete = `${HEADER}\n${TURN}\n`
    const log = parseSessionLog(`${complete}{"seq":2,"time":10`, 's.jsonl', { live: true, allowTornTail: true })
    expect(log.events).toHaveLength(1)
    expect(log.tornTail).toEqual({ line: 3, validBytes: Buffer.byteLength(complete), text: '{"seq":2,"time":10' })
  })

  it('counts torn-tail bytes in UTF-8, not UTF-16 units', () => {
    const complete = `${HEADER.replace('/work', '/wörk/✓')}\n`
    const log = parseSessionLog(`${complete}{"se`, 's.jsonl', { allowTornTail: true })
    expect(log.tornTail?.validBytes).toBe(Buffer.byteLength(complete))
    expect(log.tornTail?.validBytes).not.toBe(complete.length)
  })

  it('still rejects a torn line that is not the last one', () => {
    expect(() => parseSessionLog(`${HEADER}\n{"seq":1\n${TURN}`, 's.jsonl', { allowTornTail: true })).toThrow(
      /^s\.jsonl:2: not valid JSON/,
    )
  })

  it('reads just a header line', () => {
    expect(parseSessionHeaderLine(HEADER, 'h.jsonl')).toEqual(header)
    expect(() => parseSessionHeaderLine('{"type":"session","version":1,"id":"a","cwd":"/"}', 'h.jsonl')).toThrow(
      /^h\.jsonl:1: header "createdAt"/,
    )
  })
})
