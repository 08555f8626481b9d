// The data check remembers the lines that passed: a line read again is not given to zod again, a line
// that failed is refused every time, and the memory forgets everything past its budget. A kind's first
// lines are parsed plainly; one read often gets zod's compiled parser.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkData } from './event-data-check.ts'
import { eventDataSchemas } from './event-schemas.ts'

const at = 's:2'
const turnLine = (turn: number) => `{"seq":1,"time":1001,"type":"turn/start","data":{"turn":${turn}}}`

afterEach(() => vi.restoreAllMocks())

describe('checkData', () => {
  it('asks zod once per distinct line that passed', () => {
    const parse = vi.spyOn(eventDataSchemas()['turn/start'], 'safeParse')
    checkData('turn/start', { turn: 7001 }, at, turnLine(7001))
    checkData('turn/start', { turn: 7001 }, at, turnLine(7001))
    expect(parse).toHaveBeenCalledTimes(1)
    // Another line is checked on its own.
    checkData('turn/start', { turn: 7002 }, at, turnLine(7002))
    expect(parse).toHaveBeenCalledTimes(2)
  })

  it('refuses a line that failed every time, naming the field', () => {
    const line = '{"seq":1,"time":1001,"type":"turn/start","data":{"turn":"x"}}'
    for (let read = 0; read < 2; read++)
      expect(() => checkData('turn/start', { turn: 'x' }, at, line)).toThrow(
        /^s:2: event "turn\/start" has invalid data: data\.turn: expected number/,
      )
  })

  it('forgets the lines once what it holds passes its budget', () => {
    const parse = vi.spyOn(eventDataSchemas()['turn/start'], 'safeParse')
    checkData('turn/start', { turn: 7003 }, at, turnLine(7003))
    const title = 'y'.repeat(3_999_960)
    checkData('notice', { severity: 'info', title }, at, `{"type":"notice","data":{"title":"${title}"}}`)
    checkData('turn/start', { turn: 7003 }, at, turnLine(7003))
    expect(parse).toHaveBeenCalledTimes(2)
  })

  it("parses a kind's first lines without zod's compiled fast path, and a kind read often with it", () => {
    const parse = vi.spyOn(eventDataSchemas()['mode/change'], 'safeParse')
    const modeLine = (n: number) => `{"seq":1,"time":1001,"type":"mode/change","data":{"modeId":"m${n}"}}`
    for (let n = 0; n < 600; n++) checkData('mode/change', { modeId: `m${n}` }, at, modeLine(n))
    const contexts = parse.mock.calls.map(([, context]) => context)
    expect(contexts).toHaveLength(600)
    // Plain first, compiled after, never back: the switch comes at the 500th parse of the kind in this
    // process (other test files sharing the worker may have parsed a few before).
    const firstCompiled = contexts.indexOf(undefined)
    expect(firstCompiled).toBeGreaterThan(400)
    expect(firstCompiled).toBeLessThanOrEqual(500)
    expect(contexts.slice(0, firstCompiled).every((context) => context?.jitless === true)).toBe(true)
    expect(contexts.slice(firstCompiled).every((context) => context === undefined)).toBe(true)
  })
})
