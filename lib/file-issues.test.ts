import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formatPath, jsonPath, safeParseWorded, zodIssuesToFileIssues } from './file-issues.ts'

const issuesOf = (schema: z.ZodType, value: unknown) =>
  zodIssuesToFileIssues(safeParseWorded(schema, value).error?.issues ?? [])

describe('the file wording', () => {
  it('says what a too-small value should be and what it was', () => {
    expect(issuesOf(z.number().min(0), -1)).toEqual([{ path: '', message: 'must be at least 0, got number -1' }])
    expect(issuesOf(z.object({ n: z.number().gt(0) }), { n: 0 })).toEqual([
      { path: 'n', message: 'must be greater than 0, got number 0' },
    ])
    expect(issuesOf(z.string().min(1), '')).toEqual([{ path: '', message: 'must not be empty' }])
  })
})

describe('safeParseWorded', () => {
  const schema = z.object({ name: z.string(), size: z.number() })

  it('returns what the schema makes of good data', () => {
    expect(safeParseWorded(schema, { name: 'a', size: 1 })).toEqual({ success: true, data: { name: 'a', size: 1 } })
  })

  it("words a failure's issues", () => {
    const result = safeParseWorded(schema, { size: 'big' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'required field is missing (expected string)',
      'expected number, got string "big"',
    ])
  })
})

describe('paths', () => {
  it('quotes keys that are not identifiers, and writes the JSON-path form with a $ root', () => {
    const path = formatPath(['headers', 'x trace', 0])
    expect(path).toBe('headers["x trace"][0]')
    expect(jsonPath(path)).toBe('$.headers["x trace"][0]')
    expect(jsonPath(formatPath([0, 'at']))).toBe('$[0].at')
    expect(jsonPath('')).toBe('$')
  })
})
