import { describe, expect, it } from 'vitest'
import { parseJsonPath } from './json-path.ts'
import { describeRule, type NormalizeRule, NormalizeRuleSchema, normalizer } from './rules.ts'

const make = (...rules: NormalizeRule[]) => normalizer(rules)!

describe('normalization rules', () => {
  it('replaces every match of a pattern with the token, counting the places changed', () => {
    const n = make({ pattern: '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z', token: '{{time}}' })
    expect(n.text('at 2026-12-03T19:47:45.123Z and 2026-12-03T19:47:46Z')).toBe('at {{time}} and {{time}}')
    expect(n.text('{{time}} already')).toBe('{{time}} already')
    expect(n.counts()).toEqual([2])
  })

  it('replaces a field of a JSON tool result by path, keeping the document as JSON (and its indent)', () => {
    const n = make({ path: '$.now', token: '{{time}}' }, { path: '$.items[*].id', token: '{{id}}' })
    expect(n.text('{"now":"10:01","zone":"UTC"}')).toBe('{"now":"{{time}}","zone":"UTC"}')
    expect(n.text('{\n  "items": [{ "id": 7, "name": "a" }]\n}\n')).toBe(
      '{\n  "items": [\n    {\n      "id": "{{id}}",\n      "name": "a"\n    }\n  ]\n}\n',
    )
    expect(n.text('now: 10:01')).toBe('now: 10:01')
    expect(n.counts()).toEqual([1, 1])
  })

  it('reaches a key at any depth with ..name, and leaves a document without it alone', () => {
    const n = make({ path: '$..requestId', token: '{{request}}' })
    expect(n.text('{"a":{"requestId":"r1","b":[{"requestId":"r2"}]}}')).toBe(
      '{"a":{"requestId":"{{request}}","b":[{"requestId":"{{request}}"}]}}',
    )
    const untouched = '{ "a": 1 }'
    expect(n.text(untouched)).toBe(untouched)
  })

  it('sorts a list whose order is not stable: lines of a pattern match, or an array by path', () => {
    const lines = make({ pattern: '(?:^- .*\\n)+', sort: true })
    expect(lines.text('files:\n- b.txt\n- a.txt\n')).toBe('files:\n- a.txt\n- b.txt\n')
    const items = make({ path: '$.entries', sort: true })
    expect(items.text('{"entries":["b","a"]}')).toBe('{"entries":["a","b"]}')
  })

  it('normalizes every string of a log or transcript line, and rawInput objects by path', () => {
    const n = make({ path: '$.now', token: '{{time}}' }, { pattern: '/tmp/dsh-\\w+', token: '{{tmp}}' })
    const result = JSON.stringify({ type: 'tool/result', data: { output: '{"now":"10:01"}', note: 'in /tmp/dsh-x1' } })
    expect(JSON.parse(n.line(result))).toEqual({
      type: 'tool/result',
      data: { output: '{"now":"{{time}}"}', note: 'in {{tmp}}' },
    })
    const call = JSON.stringify({ update: { sessionUpdate: 'tool_call', rawInput: { now: 'x' } } })
    expect(JSON.parse(n.line(call)).update.rawInput).toEqual({ now: '{{time}}' })
    const plain = '{"a": 1}'
    expect(n.line(plain)).toBe(plain)
  })

  it('refuses a rule with neither or both of pattern and path, or of token and sort, or a bad path', () => {
    const problems = (rule: unknown) =>
      NormalizeRuleSchema.safeParse(rule).error?.issues.map((issue) => issue.message) ?? []
    expect(problems({ token: 'x' })).toEqual([
      'give exactly one of pattern (a regular expression) and path (a JSON path into tool results)',
    ])
    expect(problems({ pattern: 'a', token: 'x', sort: true })).toEqual([
      'give exactly one of token (the replacement) and sort: true',
    ])
    expect(problems({ pattern: '(', token: 'x' })[0]).toMatch(/^pattern is not a valid regular expression/)
    expect(problems({ path: 'now', token: 'x' })).toEqual(['a JSON path starts with "$" (e.g. $.now), got "now"'])
    expect(problems({ path: '$.a!', token: 'x' })).toEqual(['JSON path $.a!: cannot read "!" at character 4'])
  })

  it('names a rule for the report', () => {
    expect(describeRule({ pattern: '\\d+', token: 'N' })).toBe('pattern /\\d+/ → N')
    expect(describeRule({ path: '$.items', sort: true })).toBe('path $.items sorted')
    expect(parseJsonPath("$['a b'][2].*..c")).toEqual([{ key: 'a b' }, { index: 2 }, { any: true }, { deep: 'c' }])
  })

  it('is nothing to run when there are no rules', () => {
    expect(normalizer([])).toBeUndefined()
  })
})
