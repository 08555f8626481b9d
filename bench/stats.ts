// Summary statistics over repeated timings. Pure.

/** The middle value (mean of the two middle values for an even count); NaN for no samples. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const upper = sorted[middle]
  const lower = sorted.length % 2 ? upper : sorted[middle - 1]
  return lower === undefined || upper === undefined ? Number.NaN : (lower + upper) / 2
}

/** a / b, or NaN when either side is missing or b is not positive (a ratio of nothing is no ratio). */
export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN
}

export interface Summary {
  median: number
  min: number
  max: number
  runs: number
}

export function summarize(values: readonly number[]): Summary {
  return {
    median: median(values),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    runs: values.length,
  }
}
