import { describe, expect, it } from 'vitest'
import type { MutantResult } from './model.ts'
import { renderMutateHtml } from './report-html.ts'
import { MutateJsonSchema, mutateJson } from './report-json.ts'
import { formatMutateText } from './report-text.ts'
import type { MutateRun } from './run.ts'
import { changeText, summarize } from './summary.ts'

const result = (
  file: string,
  line: number,
  status: MutantResult['status'],
  coveredBy: string[] = ['s1'],
): MutantResult => ({
  id: `${file}#${line}`,
  switchId: String(line),
  file,
  line,
  mutator: 'StringLiteral',
  original: "'turn/end'",
  replacement: '""',
  location: { start: { line, column: 4 }, end: { line, column: 14 } },
  status,
  coveredBy: status === 'noCoverage' ? [] : coveredBy,
  ...(status === 'killed' ? { killedBy: 's1' } : {}),
})

const run: MutateRun = {
  files: ['a.ts', 'b.ts'],
  results: [
    result('a.ts', 1, 'killed'),
    result('a.ts', 2, 'survived', ['load-a', 'load-b', 'c', 'd', 'e']),
    result('a.ts', 3, 'timeout'),
    result('b.ts', 4, 'noCoverage'),
  ],
  skipped: { boxed: 'needs the bubblewrap sandbox' },
  leftOut: 2,
  interrupted: false,
}

describe('summaries', () => {
  it('counts each status and scores killed + timeout over all', () => {
    expect(summarize(run.results)).toEqual({ killed: 1, survived: 1, timeout: 1, noCoverage: 1, total: 4, score: 50 })
    expect(summarize([]).score).toBeNull()
  })

  it('names a change on one line', () => {
    expect(changeText({ mutator: 'BlockStatement', original: '{\n  a()\n}', replacement: '{}' })).toBe(
      'BlockStatement: { a() } → {}',
    )
  })
})

describe('reports', () => {
  it('--json: counts per file and in total, valid against its schema', () => {
    const json = MutateJsonSchema.parse(mutateJson(run))
    expect(json.files['a.ts']).toMatchObject({ killed: 1, survived: 1, timeout: 1, noCoverage: 0 })
    expect(json.files['b.ts']).toMatchObject({ noCoverage: 1, total: 1, score: 0 })
    expect(json.total).toMatchObject({ killed: 1, survived: 1, timeout: 1, noCoverage: 1 })
    expect(json.mutants[1]).toMatchObject({ file: 'a.ts', line: 2, column: 4, status: 'survived' })
  })

  it('text: a row per file and the total, each survivor with file:line, change and the scenarios that ran it', () => {
    const text = formatMutateText(run)
    expect(text).toMatch(/^a\.ts\s+1\s+1\s+1\s+0\s+3\s+66\.7 %$/m)
    expect(text).toMatch(/^total\s+1\s+1\s+1\s+1\s+4\s+50\.0 %$/m)
    expect(text).toContain('a.ts:2  StringLiteral: \'turn/end\' → ""')
    expect(text).toContain('ran by: load-a, load-b, c, d and 1 more')
    expect(text).toContain('boxed (needs the bubblewrap sandbox)')
    expect(text).toContain('2 mutants not run')
  })

  it('HTML: the counts table and each mutant, escaped, in the report style', () => {
    const html = renderMutateHtml(run, { date: '2026-01-01T00:00:00Z', commandLine: 'dsh mutate a.ts b.ts' })
    expect(html).toContain('<table class="summary">')
    expect(html).toContain('a.ts:2')
    expect(html).toContain('&#39;turn/end&#39;')
    expect(html).toContain('ran by: load-a, load-b, c, d, e')
    expect(html).not.toContain("'turn/end'")
  })
})
