// Fixture authors read these messages: each kind of zod issue names the JSON path and quotes
// the value that is wrong. Driven through the real override and chunk schemas.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formatIssue, formatIssues } from './issue-format.ts'
import { parseOverride } from './override.ts'

const FILE = 'scenarios/x/replay.override.json'
/** The first issue of `value` against `schema`; the test fails when the value parses. */
function firstIssue(schema: z.ZodType, value: unknown): z.core.$ZodIssue {
  const [issue] = schema.safeParse(value).error?.issues ?? []
  if (!issue) throw new Error(`expected ${JSON.stringify(value)} to be rejected`)
  return issue
}
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
      `${FILE}: $.entries[0].chunks[0].reason: expected one of "stop", "tool-calls", "max-tokens", "aborted", ` +
        `"error", found the string "done"`,
    )
  })

  it('names a number below its minimum', () => {
    expect(rejection({ entries: [{ kind: 'hang', at: { turn: 0, step: 1 } }] })).toContain(
      '$.entries[0].at.turn: must be greater than 0, found number 0',
    )
    expect(formatIssue(-1, firstIssue(z.number().min(0), -1))).toBe('$: must be at least 0, found number -1')
    expect(formatIssue('', firstIssue(z.string().min(1), ''))).toBe('$: must not be empty')
  })

  it('names a missing entry kind, and a value of the wrong type by what it is', () => {
    expect(rejection({ entries: [{ at }] })).toContain(
      '$.entries[0].kind: missing entry kind; expected one of: chunks, throw, hang',
    )
    expect(rejection({ entries: [{ kind: 'hang', at: [1, 1] }] })).toContain(
      '$.entries[0].at: expected object, found an array',
    )
    expect(rejection({ entries: [{ kind: 'hang', at: null }] })).toContain(
      '$.entries[0].at: expected object, found null',
    )
    const long = 'x'.repeat(60)
    expect(rejection({ entries: [{ kind: 'hang', at: long }] })).toContain(`found the string "${'x'.repeat(40)}…"`)
  })
})

describe('formatIssue', () => {
  it('quotes keys that are not identifiers in the JSON path', () => {
    const schema = z.object({ headers: z.record(z.string(), z.array(z.number())) })
    const input = { headers: { 'x-trace': ['a'] } }
    const [issue] = schema.safeParse(input).error!.issues
    expect(formatIssue(input, issue!)).toMatch(/^\$\.headers\["x-trace"\]\[0\]: /)
  })

  it('falls back to the schema message for other issues, quoting the value', () => {
    const schema = z.object({ name: z.string().regex(/^[a-z]+$/) })
    const input = { name: 'Bad Name' }
    expect(formatIssue(input, firstIssue(schema, input))).toMatch(/^\$\.name: .*\(found the string "Bad Name"\)$/)
    const union = z.union([z.string(), z.number()])
    expect(formatIssue(true, firstIssue(union, true))).toMatch(/^\$: /)
    const short = z.array(z.number()).min(2)
    expect(formatIssue([1], firstIssue(short, [1]))).toMatch(/^\$: .*2/)
  })

  it('lists at most `limit` issues and says how many more there are', () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string() })
    const input = {}
    const text = formatIssues('f.json', input, schema.safeParse(input).error!.issues, 2)
    expect(text.split('\n')).toEqual([
      'f.json: $.a: expected string, found nothing (the key is missing)',
      'f.json: $.b: expected string, found nothing (the key is missing)',
      '… and 1 more problem in f.json',
    ])
  })
})
