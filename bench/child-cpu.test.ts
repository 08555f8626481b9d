import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { reapedChildrenCpu, reapedChildrenCpuMs } from './child-cpu.ts'
import { jobsCeiling } from './parts/jobs.ts'

describe.runIf(existsSync('/proc/self/stat'))('reapedChildrenCpuMs', () => {
  it('grows by the CPU a finished child burned', () => {
    const before = reapedChildrenCpuMs()!
    // The child spins until it has burned 300 ms of its own CPU: a wall-clock spin gets less CPU
    // than that when the other test workers share the cores.
    const spin =
      'const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }; ' +
      'while (cpuMs() < 300);'
    spawnSync(process.execPath, ['-e', spin])
    expect(reapedChildrenCpuMs()! - before).toBeGreaterThanOrEqual(200)
  })

  it('splits it into user and system time: a child spinning in JavaScript burns user time', () => {
    const before = reapedChildrenCpu()!
    const spin = 'const t = () => process.cpuUsage().user / 1000; while (t() < 300);'
    spawnSync(process.execPath, ['-e', spin])
    const after = reapedChildrenCpu()!
    expect(after.userMs - before.userMs).toBeGreaterThanOrEqual(200)
    expect(after.userMs + after.systemMs).toBe(reapedChildrenCpuMs())
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
