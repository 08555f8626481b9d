// How many workers `dsh test` starts: --jobs as given, else the cores, but never more workers than
// the selection keeps busy (a few scenarios run faster in the dsh test process than a worker starts).
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { UsageError } from './command.ts'
import { jobsOption } from './test-selection.ts'

describe('jobsOption', () => {
  it('without --jobs: one worker per 25 scenarios at most, up to the cores; fewer run in this process', () => {
    const cores = availableParallelism()
    expect([2, 24, 49].map((count) => jobsOption({}, count))).toEqual([1, 1, 1])
    expect(jobsOption({}, 50)).toBe(Math.min(cores, 2))
    expect(jobsOption({}, 25 * 64)).toBe(cores)
    expect(jobsOption({}, 0)).toBe(1)
  })

  it('takes --jobs as given, whatever the selection, and refuses what is not 1 to 64', () => {
    expect(jobsOption({ jobs: '3' }, 2)).toBe(3)
    expect(jobsOption({ jobs: '1' }, 1000)).toBe(1)
    for (const text of ['0', '65', '2.5', 'two']) expect(() => jobsOption({ jobs: text }, 10)).toThrow(UsageError)
  })
})
