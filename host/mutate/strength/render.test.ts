import { describe, expect, it } from 'vitest'
import type { MutantResult } from '../model.ts'
import { isEquivalent, renderStrength } from './render.ts'

const result = (file: string, line: number, status: MutantResult['status'], replacement = '""'): MutantResult => ({
  id: `${file}#${line}`,
  switchId: String(line),
  file,
  line,
  mutator: 'StringLiteral',
  original: "'x'",
  replacement,
  location: { start: { line, column: 0 }, end: { line, column: 3 } },
  status,
  coveredBy: status === 'noCoverage' ? [] : ['text-turn'],
})

const equivalent = {
  file: 'a.ts',
  line: 3,
  mutator: 'StringLiteral',
  original: "'x'",
  replacement: '""',
  why: 'never read',
}
const results = [
  ...Array.from({ length: 9 }, (_, i) => result('a.ts', 10 + i, 'killed')),
  result('a.ts', 3, 'survived'),
  result('a.ts', 4, 'survived'),
  result('b.ts', 1, 'killed'),
  result('b.ts', 2, 'survived'),
]

describe('renderStrength', () => {
  const page = renderStrength({
    date: '2026-12-03',
    command: 'npx tsx host/mutate/write-corpus-strength.ts',
    targets: [
      { file: 'a.ts', percent: 90, by: 'corpus' },
      { file: 'b.ts', percent: 95, by: 'corpus+unit' },
    ],
    results,
    equivalents: [equivalent],
    unitKilled: new Set(['b.ts#2']),
    skipped: {},
  })

  it('scores over the non-equivalent mutants and judges each target', () => {
    expect(page).toContain('| a.ts | 11 | 1 | 0 | 9 (90.0 %) | – | corpus ≥ 90 %: met |')
    expect(page).toContain('| b.ts | 2 | 0 | 0 | 1 (50.0 %) | 1 (100.0 %) | corpus+unit ≥ 95 %: met |')
  })

  it('lists the equivalents with why, and only the survivors nothing kills', () => {
    expect(page).toContain('- `a.ts:3` StringLiteral → `""`: never read')
    expect(page).toMatch(/- `a\.ts:4` survived: StringLiteral: 'x' → "" \(ran by text-turn\)/)
    expect(page).not.toMatch(/- `a\.ts:3` survived/)
    expect(page).not.toContain('`b.ts:2` survived')
  })

  it('matches an equivalent by file, line, mutator, original text and replacement', () => {
    expect(isEquivalent(result('a.ts', 3, 'survived'), [equivalent])).toBe(true)
    expect(isEquivalent(result('a.ts', 3, 'survived', 'true'), [equivalent])).toBe(false)
    expect(isEquivalent({ ...result('a.ts', 3, 'survived'), original: "'y'" }, [equivalent])).toBe(false)
  })
})
