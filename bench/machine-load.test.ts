import { describe, expect, it } from 'vitest'
import { othersShare, sampleCpu } from './machine-load.ts'

describe('machine load', () => {
  it("is the machine's busy time less the bench's own, as a share of all cores", () => {
    const start = { wallMs: 0, machineBusyMs: 0, ownMs: 0 }
    // 10 s on 2 cores; the bench's --jobs 2 took 18 s of CPU, the machine 19 s: others 1 s of 20.
    expect(othersShare(start, { wallMs: 10_000, machineBusyMs: 19_000, ownMs: 18_000 }, 2)).toBeCloseTo(0.05)
    // The bench alone keeps both cores busy and others took nothing: not busy, whatever the load average says.
    expect(othersShare(start, { wallMs: 10_000, machineBusyMs: 20_000, ownMs: 20_000 }, 2)).toBe(0)
    expect(othersShare(start, { wallMs: 10_000, machineBusyMs: 20_000, ownMs: 5_000 }, 2)).toBeCloseTo(0.75)
  })

  it("samples this machine: a busy loop shows up as its own CPU, and within the machine's", () => {
    const start = sampleCpu()
    if (!start) return expect(process.platform).not.toBe('linux')
    // Spin for 100 ms of this process's CPU, however loaded the machine is.
    const cpu = process.cpuUsage()
    while (process.cpuUsage(cpu).user < 100_000) {}
    const end = sampleCpu()
    const own = end!.ownMs - start.ownMs
    expect(own).toBeGreaterThanOrEqual(100)
    // /proc/stat counts in clock ticks: allow two ticks of rounding.
    expect(end!.machineBusyMs - start.machineBusyMs).toBeGreaterThanOrEqual(own - 20)
  })
})
