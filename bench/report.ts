// Turning measurements into the printed report and the JSON file. Pure.
import type { Headline, TargetVerdict } from './targets.ts'
import { plural } from '../lib/plural.ts'
import { ratio } from './stats.ts'

/** `12.3 ms` below a second, `1.23 s` above; `n/a` for a missing value. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return 'n/a'
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`
}

export function formatRatio(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(2)}×`
}

/** Columns padded to their widest cell; the first is left-aligned (names), the rest right-aligned (numbers). */
export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)]
}

function formatTargetValue(verdict: Pick<TargetVerdict, 'value' | 'unit'>): string {
  const { value, unit } = verdict
  if (value === undefined) return 'not measured'
  if (unit === 'ms') return formatMs(value)
  if (unit === 's') return `${value.toFixed(2)} s`
  if (unit === 'files') return plural(value, 'file')
  return formatRatio(value)
}

/** `PASS  label: value (target ≤ limit)`, then what the value is made of, if said. */
export function targetLine(verdict: TargetVerdict): string {
  const limit = verdict.unit === '×' ? `${verdict.limit}×` : `${verdict.limit} ${verdict.unit}`
  return (
    `${verdict.status.padEnd(4)}  ${verdict.label}: ${formatTargetValue(verdict)} (target ` +
    `${verdict.kind === 'max' ? '≤' : '≥'} ${limit})${verdict.detail ? `: ${verdict.detail}` : ''}`
  )
}

/** The scale ratio of the final line: the real agent path when it was measured, else the replay components. */
function headlineScaleRatio(headline: Headline): number | undefined {
  return headline.agent10kTo100k ?? headline.scale10kTo100k
}

/** The numbers of the final line with their printed decimals. */
function summaryValues(headline: Headline): Array<[key: string, value: number | undefined, digits: number]> {
  return [
    ['inproc_median_ms', headline.inprocMedianMs, 1],
    ['subprocess_median_ms', headline.subprocessMedianMs, 1],
    ['ratio', headline.ratio, 2],
    ['scale_10k_100k', headlineScaleRatio(headline), 2],
    ['suite_s', headline.suiteS, 2],
    ['agent_100k_s', headline.agent100kMs === undefined ? undefined : headline.agent100kMs / 1000, 2],
    ['npm_test_s', headline.npmTestS, 1],
    ['bin_ratio', headline.binRatio, 2],
    ['node_ms', headline.nodeMs, 1],
    ['dsh_corpus_s', headline.dshCorpusS, 2],
    ['vitest_corpus_s', headline.vitestCorpusS, 2],
    ['inproc_node', ratio(headline.inprocMedianMs ?? Number.NaN, headline.nodeMs ?? Number.NaN), 3],
    ['jobs_speedup', headline.jobsSpeedup, 2],
    ['jobs_ceiling', headline.jobsCeiling, 2],
    ['play_node', ratio(headline.playMedianMs ?? Number.NaN, headline.nodeMs ?? Number.NaN), 3],
    ['vitest_files_ratio', headline.vitestFilesRatio, 2],
  ]
}

const measured = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value)

/** The final line's numbers, rounded as printed; null when not measured (for the JSON file). */
export function summaryFields(headline: Headline): Record<string, number | null> {
  return Object.fromEntries(
    summaryValues(headline).map(([key, value, digits]) => [
      key,
      measured(value) ? Number(value.toFixed(digits)) : null,
    ]),
  )
}

/**
 * `bench: inproc_median_ms=… subprocess_median_ms=… ratio=… scale_10k_100k=… suite_s=… agent_100k_s=…
 * npm_test_s=… bin_ratio=… node_ms=… dsh_corpus_s=… vitest_corpus_s=… inproc_node=… jobs_speedup=…
 * jobs_ceiling=… play_node=…`
 * (`n/a` when not measured).
 */
export function summaryLine(headline: Headline): string {
  const fields = summaryValues(headline).map(
    ([key, value, digits]) => `${key}=${measured(value) ? value.toFixed(digits) : 'n/a'}`,
  )
  return `bench: ${fields.join(' ')}`
}
