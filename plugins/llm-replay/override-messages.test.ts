// Fixture authors read these messages: each names the file and the JSON path and says what is
// wrong with the value found there, in the wording every data file shares (lib/file-issues.ts).
// Driven through the real override schema.
import { describe, expect, it } from 'vitest'
import { parseOverride } from './override.ts'

const FILE = 'scenarios/x/replay.override.json'
function rejection(value: unknown): string {
  try {
    parseOverride(JSON.stringify(value), FILE, 0)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected the override to be rejected')
}
const at = { turn: 1, step: 1 }

describe('override messages', () => {
  it('names a wrong enum value with the allowed ones', () => {
    expect(rejection({ entries: [{ kind: 'chunks', at, chunks: [{ type: 'finish', reason: 'done' }] }] })).toContain(
      `${FILE}: $.entries[0].chunks[0].reason: must be one of "stop" | "tool-calls" | "max-tokens" | "aborted" | ` +
        `"error", got string "done"`,
    )
  })

  it('names a number below its minimum', () => {
    expect(rejection({ entries: [{ kind: 'hang', at: { turn: 0, step: 1 } }] })).toContain(
      `${FILE}: $.entries[0].at.turn: must be greater than 0, got number 0`,
    )
  })

  it('names a missing or misspelt entry kind, and a value of the wrong type by what it is', () => {
    expect(rejection({ entries: [{ at }] })).toContain(
      '$.entries[0].kind: missing "kind"; expected one of "chunks", "throw", "hang"',
    )
    expect(rejection({ entries: [{ kind: 'hnag', at }] })).toContain(
      '$.entries[0].kind: unknown kind "hnag"; did you mean "hang"?',
    )
    expect(rejection({ entries: [{ kind: 'hang', at: [1, 1] }] })).toContain(
      '$.entries[0].at: expected object, got a list',
    )
    expect(rejection({ entries: [{ kind: 'hang', at: null }] })).toContain('$.entries[0].at: expected object, got null')
    const long = 'x'.repeat(60)
    expect(rejection({ entries: [{ kind: 'hang', at: long }] })).toContain(`got string "${'x'.repeat(56)}...`)
  })

  it('lists at most 8 problems and says how many more there are', () => {
    const entries = Array.from({ length: 10 }, () => ({ kind: 'hang', at: null }))
    const lines = rejection({ entries }).split('\n')
    expect(lines).toHaveLength(1 + 8 + 1)
    expect(lines.at(-1)).toBe(`… and 2 more problems in ${FILE}`)
  })
})
