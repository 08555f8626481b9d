// How many workers `dsh test` starts: --jobs as given, else in this process below the measured
// threshold (docs/ci.md) and one worker per core from it; and how the first line says so.
import { describe, expect, it } from 'vitest'
import { docFile } from '../../../lib/package-root.ts'
import { UsageError } from './command.ts'
import { hostLabel, jobsOption } from './test-selection.ts'

/** docs/ci.md, "When workers pay off". */
const WORKERS_PAY_OFF_AT = 250

describe('jobsOption', () => {
  it('without --jobs: this process below the measured threshold or on one core, else a worker per core', () => {
    const below = jobsOption({}, WORKERS_PAY_OFF_AT - 1, 2)
    expect(below).toEqual({
      jobs: 1,
      why:
        `default: ${WORKERS_PAY_OFF_AT - 1} scenarios, below the ${WORKERS_PAY_OFF_AT} from which workers pay off, ` +
        `as measured on 2 cores (${docFile('ci.md')})`,
    })
    expect(jobsOption({}, 1, 8).why).toMatch(/^default: 1 scenario, below/)
    expect(jobsOption({}, WORKERS_PAY_OFF_AT, 2)).toMatchObject({
      jobs: 2,
      why: expect.stringMatching(/^default: one worker per core for/),
    })
    expect(jobsOption({}, 10_000, 200).jobs).toBe(64)
    expect(jobsOption({}, 10_000, 1)).toEqual({
      jobs: 1,
      why: `default: this machine has 1 core, so workers cannot pay off (${docFile('ci.md')})`,
    })
  })

  it('takes --jobs as given, whatever the selection, and refuses what is not 1 to 64', () => {
    expect(jobsOption({ jobs: '3' }, 2)).toEqual({ jobs: 3, why: '--jobs 3' })
    expect(jobsOption({ jobs: '1' }, 1000).jobs).toBe(1)
    for (const text of ['0', '65', '2.5', 'two']) expect(() => jobsOption({ jobs: text }, 10)).toThrow(UsageError)
  })
})

describe('hostLabel', () => {
  it('says where the scenarios run and why, for the first line of output', () => {
    const two = { jobs: 2, why: '--jobs 2' }
    expect(hostLabel(two, 10, false)).toBe('2 workers (--jobs 2)')
    expect(hostLabel(two, 1, false)).toBe(
      'in-process (--jobs 2, but one scenario runs here: a worker would only add its start)',
    )
    expect(hostLabel({ jobs: 1, why: 'default: x' }, 10, false)).toBe('in-process (default: x)')
    expect(hostLabel(two, 10, true)).toBe('subprocess')
  })
})
