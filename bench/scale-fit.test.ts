import { describe, expect, it } from 'vitest'
import { cpuBound, jobsCrossover, rssGrowth, splitReading } from './scale-fit.ts'

describe('scale-corpus readings', () => {
  it('finds where --jobs 2 starts to win, or says it never does', () => {
    // --jobs 1: 500 ms + 10 ms a scenario; --jobs 2: 1,500 ms + 6 ms: they cross at 250.
    const rows = (one: [number, number], two: [number, number]) =>
      [62, 250, 1000].map((size) => ({ size, jobs1Ms: one[0] + one[1] * size, jobs2Ms: two[0] + two[1] * size }))
    expect(jobsCrossover(rows([500, 10], [1500, 6]))).toBe(250)
    expect(jobsCrossover(rows([500, 10], [1500, 10]))).toBeUndefined()
    expect(jobsCrossover(rows([500, 10], [400, 6]))).toBe(0)
    // One size fits no line.
    expect(jobsCrossover(rows([500, 10], [1500, 6]).slice(0, 1))).toBeUndefined()
    // Least squares through noisy points: 20 ms off at each size moves the crossing little.
    const noisy = rows([500, 10], [1500, 6]).map((row, i) => ({ ...row, jobs2Ms: row.jobs2Ms + (i % 2 ? 20 : -20) }))
    expect(jobsCrossover(noisy)).toBeGreaterThan(240)
    expect(jobsCrossover(noisy)).toBeLessThan(262)
  })

  it('relates peak RSS growth to corpus growth', () => {
    expect(rssGrowth({ size: 250, rssKb: 100_000 }, { size: 1000, rssKb: 200_000 })).toBe(0.5)
    expect(rssGrowth({ size: 250, rssKb: 100_000 }, { size: 1000, rssKb: 400_000 })).toBe(1)
    expect(rssGrowth({ size: 250 }, { size: 1000, rssKb: 1 })).toBeNaN()
  })

  it('bounds --jobs 2 by the CPU it spends over --jobs 1, and reads nothing without CPU', () => {
    expect(cpuBound(2, { jobs1Ms: 10_000, jobs2Ms: 12_500 })).toEqual({ cpuRatio: 1.25, bound: 1.6 })
    expect(cpuBound(undefined, { jobs1Ms: 10_000, jobs2Ms: 12_500 })).toEqual({ cpuRatio: 1.25 })
    expect(cpuBound(2, { jobs1Ms: Number.NaN, jobs2Ms: 12_500 })).toEqual({})
  })

  it('reads two shards at once against --jobs 1, the ceiling and --jobs 2', () => {
    // --jobs 1 20 s; the two halves at once 12.5 s (1.6×) under a ceiling of 2 (0.8 of it);
    // --jobs 2 10 s beats the split by 1.25.
    expect(splitReading({ jobs1Ms: 20_000, jobs2Ms: 10_000, splitMs: 12_500 }, 2)).toEqual({
      splitSpeedup: 1.6,
      splitOverCeiling: 0.8,
      jobs2OverSplit: 1.25,
    })
    expect(splitReading({ jobs1Ms: 20_000, jobs2Ms: 10_000, splitMs: 12_500 }, undefined)).toEqual({
      splitSpeedup: 1.6,
      jobs2OverSplit: 1.25,
    })
    // With CPU: 36 s for the halves against 30 s for --jobs 1 in one process.
    const cpu = { jobs1CpuMs: 30_000, splitCpuMs: 36_000 }
    expect(splitReading({ jobs1Ms: 20_000, jobs2Ms: 10_000, splitMs: 12_500, ...cpu }, 2)).toEqual({
      splitSpeedup: 1.6,
      splitOverCeiling: 0.8,
      jobs2OverSplit: 1.25,
      splitCpuRatio: 1.2,
    })
    expect(
      splitReading({ jobs1Ms: 20_000, jobs2Ms: 10_000, splitMs: 12_500, jobs1CpuMs: 30_000 }, 2),
    ).not.toHaveProperty('splitCpuRatio')
    // Not measured (the smaller sizes), or a failed reading: nothing to say.
    expect(splitReading({ jobs1Ms: 20_000, jobs2Ms: 10_000 }, 2)).toEqual({})
    expect(splitReading({ jobs1Ms: 20_000, jobs2Ms: 10_000, splitMs: Number.NaN }, 2)).toEqual({})
  })
})
