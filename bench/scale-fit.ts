// The scale-corpus part's readings (bench/parts/scale-corpus.ts), from its rows. Pure.
import { ratio } from './stats.ts'

interface SizeTimes {
  size: number
  jobs1Ms: number
  jobs2Ms: number
}

/** a + b·N through the points (least squares); undefined for fewer than two distinct sizes. */
function fitLine(points: ReadonlyArray<[size: number, ms: number]>): { a: number; b: number } | undefined {
  const n = points.length
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n
  const sxx = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0)
  if (!(sxx > 0)) return undefined
  const b = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) / sxx
  return { a: meanY - b * meanX, b }
}

/**
 * The corpus size from which --jobs 2 beats --jobs 1: each variant's wall time fitted to a start
 * cost plus a cost per scenario, and where the two lines cross. 0 when --jobs 2 is ahead at every
 * size (its line starts lower); undefined when it never catches up (it costs as much per scenario).
 */
export function jobsCrossover(rows: readonly SizeTimes[]): number | undefined {
  const one = fitLine(rows.map((row) => [row.size, row.jobs1Ms]))
  const two = fitLine(rows.map((row) => [row.size, row.jobs2Ms]))
  if (!one || !two) return undefined
  if (two.a <= one.a && two.b <= one.b) return 0
  if (two.b >= one.b) return undefined
  return Math.max(0, Math.ceil((two.a - one.a) / (one.b - two.b)))
}

/**
 * Issue 44's peak-RSS reading: how much the parent's peak grew from the smaller size to the larger
 * over how much the corpus grew. 1 is linear; the target asks for at most half of it (4× the
 * scenarios, at most 2× the memory over 250 → 1,000).
 */
export function rssGrowth(small: { size: number; rssKb?: number }, large: { size: number; rssKb?: number }): number {
  return ratio(ratio(large.rssKb ?? Number.NaN, small.rssKb ?? Number.NaN), large.size / small.size)
}

/**
 * What the CPU of --jobs 2 (parent, workers, their children) leaves of the machine's ceiling:
 * with `cpuRatio` times --jobs 1's CPU to spend on the same corpus, even perfect scheduling
 * cannot pass ceiling / cpuRatio. Undefined without both CPU readings or a ceiling.
 */
export function cpuBound(
  ceiling: number | undefined,
  cpu: { jobs1Ms: number; jobs2Ms: number },
): { cpuRatio?: number; bound?: number } {
  if (!(cpu.jobs1Ms > 0 && cpu.jobs2Ms > 0)) return {}
  const cpuRatio = cpu.jobs2Ms / cpu.jobs1Ms
  return { cpuRatio, ...(ceiling === undefined ? {} : { bound: ceiling / cpuRatio }) }
}

/**
 * Two corpora of half the size, each run by its own `dsh test --jobs 1`, started together: the work
 * split over two processes with nothing shared and nothing passing between them (each discovers,
 * boots and warms up on its own). What that split reaches is what two dsh processes get from this
 * machine: its speedup over --jobs 1, that speedup over the ceiling, and --jobs 2's wall against the
 * split's (above 1: the workers beat a split that needs no parent), and the split's CPU over --jobs 1's.
 * Undefined parts lack a reading.
 */
export function splitReading(
  times: { jobs1Ms: number; jobs2Ms: number; splitMs?: number; jobs1CpuMs?: number; splitCpuMs?: number },
  ceiling: number | undefined,
): { splitSpeedup?: number; splitOverCeiling?: number; jobs2OverSplit?: number; splitCpuRatio?: number } {
  const { jobs1Ms, jobs2Ms, splitMs, jobs1CpuMs, splitCpuMs } = times
  if (!(splitMs !== undefined && splitMs > 0 && jobs1Ms > 0 && jobs2Ms > 0)) return {}
  const splitSpeedup = jobs1Ms / splitMs
  const cpuKnown = jobs1CpuMs !== undefined && jobs1CpuMs > 0 && splitCpuMs !== undefined && splitCpuMs > 0
  return {
    splitSpeedup,
    ...(ceiling === undefined ? {} : { splitOverCeiling: splitSpeedup / ceiling }),
    jobs2OverSplit: splitMs / jobs2Ms,
    ...(cpuKnown ? { splitCpuRatio: splitCpuMs / jobs1CpuMs } : {}),
  }
}
