// How many workers `dsh test` starts: --jobs as given, else the cores, but never more workers than
// the selection keeps busy (a few scenarios run faster in the dsh test process than a worker starts).
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { UsageError } from './command.ts'
import { describeJobs, jobsOption } from './test-selection.ts'

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

describe('describeJobs', () => {
  it('says on the start line how the scenarios run and why', () => {
    expect(describeJobs({ jobs: '2' }, 2, 8, false)).toBe('2 worker processes (--jobs 2)')
    expect(describeJobs({ jobs: '3' }, 3, 1, false)).toBe('in-process (--jobs 3, but 1 scenario)')
    expect(describeJobs({ jobs: '1' }, 1, 80, true)).toBe('a subprocess per scenario (--jobs 1)')
    expect(describeJobs({}, 2, 61, false)).toMatch(
      /^2 worker processes \(default: one per 25 scenarios, at most \d+ cores\)$/,
    )
    if (availableParallelism() > 1)
      expect(describeJobs({}, 1, 8, false)).toBe('in-process (default: workers start at 50 scenarios, one per 25)')
  })
})
