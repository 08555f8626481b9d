import { describe, expect, it } from 'vitest'
import { median, ratio, summarize } from './stats.ts'

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([7])).toBe(7)
  })

  it('is NaN for no samples and leaves its input unsorted', () => {
    expect(median([])).toBeNaN()
    const values = [3, 1, 2]
    median(values)
    expect(values).toEqual([3, 1, 2])
  })
})

describe('ratio', () => {
  it('divides, and refuses a missing side or a non-positive divisor', () => {
    expect(ratio(250, 25)).toBe(10)
    expect(ratio(1, 0)).toBeNaN()
    expect(ratio(Number.NaN, 2)).toBeNaN()
    expect(ratio(2, Number.NaN)).toBeNaN()
  })
})

describe('summarize', () => {
  it('reports median, extremes and the run count', () => {
    expect(summarize([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30, runs: 3 })
    expect(summarize([])).toMatchObject({ runs: 0 })
  })
})
