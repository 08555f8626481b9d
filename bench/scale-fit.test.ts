import { describe, expect, it } from 'vitest'
import { fitLine, jobsCrossover, rssGrowth } from './scale-fit.ts'

describe('scale-corpus readings', () => {
  it('fits a start cost and a cost per scenario', () => {
    expect(
      fitLine([
        [62, 1620],
        [250, 3500],
        [1000, 11000],
      ]),
    ).toEqual({ a: expect.closeTo(1000, 6), b: expect.closeTo(10, 9) })
    expect(
      fitLine([
        [62, 1],
        [62, 2],
      ]),
    ).toBeUndefined()
  })

  it('finds where --jobs 2 starts to win, or says it never does', () => {
    // --jobs 1: 500 ms + 10 ms a scenario; --jobs 2: 1,500 ms + 6 ms: they cross at 250.
    const rows = (one: [number, number], two: [number, number]) =>
      [62, 250, 1000].map((size) => ({ size, jobs1Ms: one[0] + one[1] * size, jobs2Ms: two[0] + two[1] * size }))
    expect(jobsCrossover(rows([500, 10], [1500, 6]))).toBe(250)
    expect(jobsCrossover(rows([500, 10], [1500, 10]))).toBeUndefined()
    expect(jobsCrossover(rows([500, 10], [400, 6]))).toBe(0)
    expect(jobsCrossover(rows([500, 10], [1500, 6]).slice(0, 1))).toBeUndefined()
  })

  it('relates peak RSS growth to corpus growth', () => {
    expect(rssGrowth({ size: 250, rssKb: 100_000 }, { size: 1000, rssKb: 200_000 })).toBe(0.5)
    expect(rssGrowth({ size: 250, rssKb: 100_000 }, { size: 1000, rssKb: 400_000 })).toBe(1)
    expect(rssGrowth({ size: 250 }, { size: 1000, rssKb: 1 })).toBeNaN()
  })
})
