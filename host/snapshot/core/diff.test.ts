import { describe, expect, it } from 'vitest'
import { compareSurface, unifiedDiff } from './diff.ts'

const FILE = 'scenarios/text-turn/stdout.golden.jsonl'
const lines = (n: number, change?: number) =>
  `${Array.from({ length: n }, (_, i) => (i === change ? `changed ${i}` : `line ${i}`)).join('\n')}\n`

describe('compareSurface', () => {
  it('returns nothing when equal', () => {
    expect(compareSurface({ scenario: 'text-turn', file: FILE, expected: 'a\n', actual: 'a\n' })).toBeUndefined()
  })

  it('names scenario and file, shows a unified diff with 3 lines of context, and says how to refresh', () => {
    const message = compareSurface({ scenario: 'text-turn', file: FILE, expected: lines(20), actual: lines(20, 10) })!
    expect(message.split('\n')).toEqual([
      `scenario text-turn: ${FILE} differs from this run (- expected, + actual):`,
      `--- ${FILE} (expected)`,
      '+++ text-turn run (actual)',
      '@@ -8,7 +8,7 @@',
      ' line 7',
      ' line 8',
      ' line 9',
      '-line 10',
      '+changed 10',
      ' line 11',
      ' line 12',
      ' line 13',
      'If the change is intended: npx dsh test text-turn --mode refresh (or: npx vitest run -u -t ' + "'^text-turn$')",
    ])
  })

  it('reports a missing file with the content the run produced', () => {
    const message = compareSurface({ scenario: 'text-turn', file: FILE, expected: undefined, actual: '{"a":1}\n' })!
    expect(message).toMatch(
      /^scenario text-turn: scenarios\/text-turn\/stdout\.golden\.jsonl does not exist; this run produced:\n/,
    )
    expect(message).toContain('+{"a":1}')
  })

  it('uses a keyless refresh hint for session logs (never a live re-record) and accepts a custom hint', () => {
    const log = compareSurface({
      scenario: 's',
      file: 'scenarios/s/session.jsonl',
      expected: 'a\n',
      actual: 'b\n',
      kind: 'session-log',
    })!
    expect(log).toMatch(/\nIf the change is intended: npx dsh test s --mode refresh \(rewrites the log keylessly/)
    expect(log).not.toContain('--mode record')
    expect(
      compareSurface({ scenario: 's', file: 'f', expected: 'a', actual: 'b', hint: 'edit by hand' })!.endsWith(
        '\nedit by hand',
      ),
    ).toBe(true)
  })

  it('caps very long diffs', () => {
    const message = compareSurface({ scenario: 'big', file: 'f', expected: '', actual: lines(500) }, { maxLines: 20 })!
    expect(message.split('\n').filter((l) => l.startsWith('+line'))).toHaveLength(19)
    expect(message).toContain('... 481 more diff lines not shown')
  })
})

describe('long lines', () => {
  it('cut a changed pair around the first difference', () => {
    const base = `{"items":[${Array.from({ length: 200 }, (_, i) => i).join(',')}],"tail":"`
    const diff = unifiedDiff(
      `${base}old"}\n`,
      `${base}new"}\n`,
      { expectedLabel: 'e', actualLabel: 'a' },
      { maxLineLength: 60 },
    )
    const [removed, added] = diff.split('\n').filter((l) => /^[-+][^-+]/.test(l))
    expect(removed).toMatch(/^-\[…\d+ chars\].*"tail":"old"\}$/)
    expect(added).toMatch(/^\+\[…\d+ chars\].*"tail":"new"\}$/)
    expect(removed!.length).toBeLessThan(90)
  })

  it('cut unpaired lines from the start', () => {
    const diff = unifiedDiff(
      'short\n',
      `short\n${'x'.repeat(100)}\n`,
      { expectedLabel: 'e', actualLabel: 'a' },
      {
        maxLineLength: 10,
      },
    )
    expect(diff.split('\n').slice(3)).toEqual([' short', '+xxxxxxxxxx[…90 chars]'])
  })
})

describe('huge surfaces', () => {
  const chunk = (i: number) => `{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"text":"w${i} "}}}`
  const fixture = Array.from({ length: 300_000 }, (_, i) => `${chunk(i)}\n`).join('')

  it('show 300k extra lines as the real difference (no call-stack overflow)', () => {
    const extra = Array.from({ length: 300_000 }, (_, i) => `${chunk(300_000 + i)}\n`).join('')
    const message = compareSurface({ scenario: 'big', file: 'f', expected: fixture, actual: fixture + extra })!
    const lines = message.split('\n')
    expect(lines[3]).toBe('@@ -299998,3 +299998,300003 @@')
    expect(lines.slice(4, 8)).toEqual([
      ` ${chunk(299_997)}`,
      ` ${chunk(299_998)}`,
      ` ${chunk(299_999)}`,
      `+${chunk(300_000)}`,
    ])
    expect(message).toContain(`... ${300_004 - 150} more diff lines not shown`)
  })

  it('show one changed line among 300k at its line number', () => {
    const actual = fixture.replace(`${chunk(150_000)}\n`, 'changed\n')
    const lines = compareSurface({ scenario: 'big', file: 'f', expected: fixture, actual })!.split('\n')
    expect(lines.slice(3, 11)).toEqual([
      '@@ -149998,7 +149998,7 @@',
      ` ${chunk(149_997)}`,
      ` ${chunk(149_998)}`,
      ` ${chunk(149_999)}`,
      `-${chunk(150_000)}`,
      '+changed',
      ` ${chunk(150_001)}`,
      ` ${chunk(150_002)}`,
    ])
  })
})

describe('token-safe cuts', () => {
  it('cuts a long JSON line only after a delimiter, never inside a key or value', () => {
    const value = (word: string) =>
      `{"jsonrpc":"2.0","method":"session/update","params":{"text":"${word}"},${'"k":"v",'.repeat(40)}"end":1}`
    const diff = unifiedDiff(
      `${value('HELLO')}\n`,
      `${value('HELLO!!!')}\n`,
      { expectedLabel: 'a', actualLabel: 'b' },
      { maxLineLength: 60 },
    )
    const body = diff.split('\n').slice(3)
    expect(body).toHaveLength(2)
    for (const line of body) {
      const shown = line
        .slice(1)
        .replace(/^\[…\d+ chars\]/, '')
        .replace(/\[…\d+ chars\]$/, '')
      expect(line).toContain('[…')
      expect(shown).toMatch(/^[{"]/)
      expect(shown).toMatch(/[,:{}[\]]$/)
    }
    expect(body[1]).toContain('"HELLO!!!"')
  })
})
