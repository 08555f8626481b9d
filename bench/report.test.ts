import { describe, expect, it } from 'vitest'
import { formatMs, formatRatio, formatTable, summaryFields, summaryLine, targetLine } from './report.ts'
import type { TargetVerdict } from './targets.ts'

describe('formatMs / formatRatio', () => {
  it('uses ms below a second and s above, n/a when missing', () => {
    expect(formatMs(3.456)).toBe('3.46 ms')
    expect(formatMs(19.84)).toBe('19.8 ms')
    expect(formatMs(1234)).toBe('1.23 s')
    expect(formatMs(undefined)).toBe('n/a')
    expect(formatMs(Number.NaN)).toBe('n/a')
    expect(formatRatio(12.345)).toBe('12.35×')
    expect(formatRatio(Number.NaN)).toBe('n/a')
  })
})

describe('formatTable', () => {
  it('pads names left and numbers right, with a rule under the header', () => {
    expect(
      formatTable(
        ['scenario', 'time'],
        [
          ['text-turn', '19.8 ms'],
          ['a', '1.23 s'],
        ],
      ),
    ).toEqual(['scenario      time', '---------  -------', 'text-turn  19.8 ms', 'a           1.23 s'])
  })
})

describe('targetLine', () => {
  const verdict = (over: Partial<TargetVerdict>): TargetVerdict => ({
    id: 'inproc',
    label: 'in-process replay',
    limit: 25,
    unit: 'ms',
    kind: 'max',
    status: 'PASS',
    value: 19.84,
    ...over,
  })

  it('names the status, the measured value and the target', () => {
    expect(targetLine(verdict({}))).toBe('PASS  in-process replay: 19.8 ms (target ≤ 25 ms)')
    const ratio = verdict({ label: 'ratio', unit: '×', kind: 'min', limit: 10, value: 8.5, status: 'MISS' })
    expect(targetLine(ratio)).toBe('MISS  ratio: 8.50× (target ≥ 10×)')
    expect(targetLine(verdict({ label: 'suite', unit: 's', limit: 15, value: 4.2 }))).toBe(
      'PASS  suite: 4.20 s (target ≤ 15 s)',
    )
    expect(targetLine(verdict({ value: undefined, status: 'SKIP' }))).toBe(
      'SKIP  in-process replay: not measured (target ≤ 25 ms)',
    )
    const files = verdict({
      label: 'slow',
      unit: 'files',
      limit: 0,
      value: 1,
      status: 'MISS',
      detail: 'a.test.ts 12 s',
    })
    expect(targetLine(files)).toBe('MISS  slow: 1 file (target ≤ 0 files): a.test.ts 12 s')
  })
})

describe('summaryLine', () => {
  it('prints the headline numbers, rounded, with n/a for parts that did not run', () => {
    const headline = {
      inprocMedianMs: 19.84,
      subprocessMedianMs: 261.26,
      ratio: 13.168,
      agent10kTo100k: 9.871,
      suiteS: 4.219,
      agent100kMs: 1734.4,
      npmTestS: 61.27,
      binRatio: 1.1849,
      nodeMs: 61.26,
      dshCorpusS: 1.555,
      vitestCorpusS: 2.904,
    }
    expect(summaryLine(headline)).toBe(
      'bench: inproc_median_ms=19.8 subprocess_median_ms=261.3 ratio=13.17 scale_10k_100k=9.87 suite_s=4.22 ' +
        'agent_100k_s=1.73 npm_test_s=61.3 bin_ratio=1.18 node_ms=61.3 dsh_corpus_s=1.55 vitest_corpus_s=2.90 ' +
        'inproc_node=0.324 jobs_speedup=n/a jobs_ceiling=n/a play_node=n/a vitest_files_ratio=n/a',
    )
    const line = summaryLine({
      inprocMedianMs: 3.7,
      playMedianMs: 2.5,
      nodeMs: 61.6,
      jobsSpeedup: 1.614,
      jobsCeiling: 1.5549,
    })
    expect(line).toMatch(
      new RegExp(
        String.raw` node_ms=61\.6 .* inproc_node=0\.060 jobs_speedup=1\.61 jobs_ceiling=1\.55 ` +
          String.raw`play_node=0\.041 vitest_files_ratio=n\/a$`,
      ),
    )
    expect(summaryLine({ inprocMedianMs: 281, suiteS: 4.1 })).toMatch(
      /inproc_median_ms=281\.0 .* suite_s=4\.10 agent_100k_s=n\/a npm_test_s=n\/a bin_ratio=n\/a node_ms=n\/a /,
    )
    expect(summaryLine({})).toBe(
      'bench: inproc_median_ms=n/a subprocess_median_ms=n/a ratio=n/a scale_10k_100k=n/a suite_s=n/a ' +
        'agent_100k_s=n/a npm_test_s=n/a bin_ratio=n/a node_ms=n/a dsh_corpus_s=n/a vitest_corpus_s=n/a ' +
        'inproc_node=n/a jobs_speedup=n/a jobs_ceiling=n/a play_node=n/a vitest_files_ratio=n/a',
    )
  })

  it('writes the same fields, as printed, into the JSON summary', () => {
    expect(summaryFields({ agent100kMs: 1734.4, npmTestS: 61.27, binRatio: 1.1849 })).toEqual({
      inproc_median_ms: null,
      subprocess_median_ms: null,
      ratio: null,
      scale_10k_100k: null,
      suite_s: null,
      agent_100k_s: 1.73,
      npm_test_s: 61.3,
      bin_ratio: 1.18,
      node_ms: null,
      dsh_corpus_s: null,
      vitest_corpus_s: null,
      inproc_node: null,
      jobs_speedup: null,
      jobs_ceiling: null,
      play_node: null,
      vitest_files_ratio: null,
    })
  })

  it('takes the scale ratio of the agent loop when measured, else of the replay components', () => {
    expect(summaryFields({ scale10kTo100k: 8.07 }).scale_10k_100k).toBe(8.07)
    expect(summaryFields({ scale10kTo100k: 8.07, agent10kTo100k: 10.2 }).scale_10k_100k).toBe(10.2)
  })
})
