import { describe, expect, it } from 'vitest'
import { createCwdReplacer } from './cwd.ts'
import { collectTypedIds, TokenTable, tokenizeValue } from './tokens.ts'

const S1 = '0b6f3c1e-aaaa-4bbb-8ccc-000000000001'
const S2 = '0b6f3c1e-aaaa-4bbb-8ccc-000000000002'
const M1 = 'msg-7f1c2d3e4f5a'

describe('TokenTable', () => {
  it('numbers each kind by first appearance and keeps a value on its token', () => {
    const table = new TokenTable()
    expect(table.tokenFor('session', S1)).toBe('{{session:1}}')
    expect(table.tokenFor('message', M1)).toBe('{{message:1}}')
    expect(table.tokenFor('session', S2)).toBe('{{session:2}}')
    expect(table.tokenFor('session', S1)).toBe('{{session:1}}')
    expect(table.tokenFor('approval', 'ap-1')).toBe('{{approval:1}}')
    expect(table.entries()).toEqual([
      [S1, '{{session:1}}'],
      [M1, '{{message:1}}'],
      [S2, '{{session:2}}'],
      ['ap-1', '{{approval:1}}'],
    ])
  })

  it('leaves already-normalized tokens alone (normalizing twice is a no-op)', () => {
    const table = new TokenTable()
    expect(table.tokenFor('session', '{{session:3}}')).toBe('{{session:3}}')
    expect(table.tokenFor('session', S1)).toBe('{{session:1}}')
  })
})

describe('tokenizeValue', () => {
  it('tokenizes typed fields anywhere and keeps key order', () => {
    const table = new TokenTable()
    const value = { update: { messageId: M1, text: 'hi' }, sessionId: S1, nested: [{ approvalId: 'ap-xyz' }] }
    collectTypedIds(value, table)
    const out = tokenizeValue(value, table)
    expect(JSON.stringify(out)).toBe(
      '{"update":{"messageId":"{{message:1}}","text":"hi"},"sessionId":"{{session:1}}","nested":[{"approvalId":"{{ap' +
        'proval:1}}"}]}',
    )
  })

  it('turns every wall-clock time field into {{time}}, equal or not', () => {
    const table = new TokenTable()
    const listed = {
      sessions: [
        { sessionId: S1, updatedAt: '2026-01-01T10:00:00.004Z' },
        { sessionId: S2, updatedAt: '2026-01-01T10:00:00.004Z' },
        { sessionId: S1, updatedAt: '{{time}}', title: '2026-01-01T10:00:00.004Z' },
      ],
    }
    expect(tokenizeValue(listed, table)).toEqual({
      sessions: [
        { sessionId: '{{session:1}}', updatedAt: '{{time}}' },
        { sessionId: '{{session:2}}', updatedAt: '{{time}}' },
        { sessionId: '{{session:1}}', updatedAt: '{{time}}', title: '2026-01-01T10:00:00.004Z' },
      ],
    })
  })

  it('leaves arbitrary text alone unless it repeats a known id', () => {
    const table = new TokenTable()
    // An id-looking string in free text is not an id until a typed field says so.
    expect(tokenizeValue({ output: `session ${S2} and ${S1}` }, table)).toEqual({ output: `session ${S2} and ${S1}` })
    collectTypedIds({ sessionId: S1 }, table)
    expect(tokenizeValue({ output: `session ${S2} and ${S1}` }, table)).toEqual({
      output: `session ${S2} and {{session:1}}`,
    })
  })

  it('does not search free text for short ids', () => {
    const table = new TokenTable()
    collectTypedIds({ approvalId: 'a1' }, table)
    expect(tokenizeValue({ approvalId: 'a1', text: 'a1 a1' }, table)).toEqual({
      approvalId: '{{approval:1}}',
      text: 'a1 a1',
    })
  })

  it('replaces the longest id first when one id contains another', () => {
    const table = new TokenTable()
    collectTypedIds({ messageId: 'abcdefgh', sessionId: 'abcdefgh-long' }, table)
    expect(tokenizeValue('x abcdefgh-long y abcdefgh', table)).toBe('x {{session:1}} y {{message:1}}')
  })

  it('applies the text function (e.g. cwd) before id replacement, and keeps a __proto__ key as data', () => {
    const table = new TokenTable()
    const parsed = JSON.parse('{"__proto__":{"path":"/tmp/x"}}')
    const out = tokenizeValue(parsed, table, (s) => s.replace('/tmp/x', '{{cwd}}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(JSON.stringify(out)).toBe('{"__proto__":{"path":"{{cwd}}"}}')
  })
})

describe('short strings', () => {
  it('still replaces an id or a cwd that fills the whole string', () => {
    const tokens = new TokenTable()
    tokens.tokenFor('approval', 'abcdefgh')
    expect(tokens.replaceKnownIds('abcdefgh')).toBe('{{approval:1}}')
    expect(tokens.replaceKnownIds('abcdefg')).toBe('abcdefg')
    const replaceCwd = createCwdReplacer(['/t/abc'])
    expect(replaceCwd('/t/abc')).toBe('{{cwd}}')
    expect(replaceCwd('/t/ab')).toBe('/t/ab')
  })
})

describe('tokenizeValue copies on write', () => {
  it('returns a part with nothing to replace as it is, copies a changed part and never changes its input', () => {
    const tokens = new TokenTable()
    const untouched = { chunk: { type: 'text-delta', text: 'hi' }, list: [1, 'two'] }
    const value = { untouched, session: { sessionId: 'ssssssss-1', note: 'x' }, after: 'y' }
    const before = JSON.stringify(value)
    const out = tokenizeValue(value, tokens) as typeof value
    expect(JSON.stringify(out)).toBe(
      '{"untouched":{"chunk":{"type":"text-delta","text":"hi"},"list":[1,"two"]},' +
        '"session":{"sessionId":"{{session:1}}","note":"x"},"after":"y"}',
    )
    expect(out).not.toBe(value)
    expect(out.untouched).toBe(untouched)
    expect(JSON.stringify(value)).toBe(before)
    expect(tokenizeValue(untouched, tokens)).toBe(untouched)
  })
})
