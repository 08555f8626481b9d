// The memo of lines whose data passed its schema: a line read again skips zod, a line that failed
// is never remembered (it fails every time), and the memo forgets past its budget.
import { describe, expect, it } from 'vitest'
import { checkedBefore, rememberChecked } from './checked-lines.ts'
import { parseSessionLog } from './log-format.ts'

const HEADER = '{"type":"session","version":1,"id":"abc","createdAt":1000,"cwd":"/work"}'

describe('checked lines', () => {
  it('remembers a line whose data passed, by its exact text', () => {
    const line = '{"seq":1,"time":1001,"type":"turn/start","data":{"turn":7001}}'
    expect(checkedBefore(line)).toBe(false)
    parseSessionLog(`${HEADER}\n${line}\n`, 's', { live: true })
    expect(checkedBefore(line)).toBe(true)
    // Another spelling of the same event is another line: checked on its own.
    expect(checkedBefore(line.replace('7001', '7002'))).toBe(false)
  })

  it('never remembers a line that failed: it is refused every time', () => {
    const line = '{"seq":1,"time":1001,"type":"turn/start","data":{"turn":"x"}}'
    for (let read = 0; read < 2; read++)
      expect(() => parseSessionLog(`${HEADER}\n${line}\n`, 's', { live: true })).toThrow(
        /^s:2: event "turn\/start" has invalid data: data\.turn/,
      )
    expect(checkedBefore(line)).toBe(false)
  })

  it('forgets everything once the remembered text passes its budget', () => {
    const first = `{"a":"${'x'.repeat(1_000)}"}`
    rememberChecked(first)
    expect(checkedBefore(first)).toBe(true)
    rememberChecked('y'.repeat(3_999_000))
    expect(checkedBefore(first)).toBe(false)
    rememberChecked('z'.repeat(4_000_001))
    expect(checkedBefore('z'.repeat(4_000_001))).toBe(false)
  })
})
