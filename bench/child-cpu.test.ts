import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { reapedChildrenCpuMs, reapedChildrenTicks } from './child-cpu.ts'
import { jobsCeiling } from './parts/jobs.ts'

describe('reapedChildrenTicks', () => {
  it('adds cutime and cstime, whatever the process name holds', () => {
    const rest = 'S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17'
    // Fields 14-17: utime 11, stime 12, cutime 13, cstime 14.
    expect(reapedChildrenTicks(`42 (node) ${rest}`)).toBe(27)
    expect(reapedChildrenTicks(`42 (a (b) c) ${rest}`)).toBe(27)
  })

  it('refuses a line that is not a stat line', () => {
    expect(() => reapedChildrenTicks('hello')).toThrow('not a /proc stat line: hello')
  })
})

describe.runIf(existsSync('/proc/self/stat'))('reapedChildrenCpuMs', () => {
  it('grows by the CPU a finished child burned', () => {
    const before = reapedChildrenCpuMs()!
    spawnSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);'])
    expect(reapedChildrenCpuMs()! - before).toBeGreaterThanOrEqual(200)
  })
})

describe('jobsCeiling', () => {
  it('is the cores over the cores --jobs 1 keeps busy, and undefined without a CPU figure', () => {
    // 1.4 s of wall with 1.8 s of CPU: 1.29 cores busy, so 2 cores allow at most 1.56x.
    expect(jobsCeiling(2, 1400, 1800)).toBeCloseTo(1.556, 3)
    expect(jobsCeiling(2, 1400, undefined)).toBeUndefined()
    expect(jobsCeiling(2, 1400, 0)).toBeUndefined()
  })
})
