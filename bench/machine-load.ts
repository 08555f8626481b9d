// How much of the machine other processes took while the bench ran: the CPU every core spent busy
// (/proc/stat) less what the bench and the processes it started spent (its own time plus its reaped
// children's). The load average cannot tell the two apart: a `--jobs 2` part loads two cores by itself
// and read as "busy". Linux only; elsewhere undefined, and the bench falls back to the load average.
import { readFileSync } from 'node:fs'
import { clockTicksPerSecond, reapedChildrenCpuMs } from './child-cpu.ts'

interface CpuSample {
  wallMs: number
  /** Busy CPU time of all cores, in ms. */
  machineBusyMs: number
  /** This process's CPU plus its reaped children's, in ms. */
  ownMs: number
}

/** Busy jiffies of /proc/stat's first line (all but idle and iowait; guest time is inside user already). */
function busyTicks(procStatFirstLine: string): number {
  const fields = procStatFirstLine.trim().split(/\s+/)
  if (fields[0] !== 'cpu') throw new Error(`not the first line of /proc/stat: ${procStatFirstLine}`)
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields.slice(1, 9).map(Number)
  return user + nice + system + irq + softirq + steal
}

/** The share of all cores (0..1) others used between two samples. */
export function othersShare(start: CpuSample, end: CpuSample, cores: number): number {
  const wall = end.wallMs - start.wallMs
  if (wall <= 0 || cores <= 0) return 0
  const others = end.machineBusyMs - start.machineBusyMs - (end.ownMs - start.ownMs)
  return Math.min(1, Math.max(0, others / (wall * cores)))
}

/** Now, or undefined where /proc is missing. */
export function sampleCpu(): CpuSample | undefined {
  const children = reapedChildrenCpuMs()
  let first: string | undefined
  try {
    first = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]
  } catch {
    return undefined
  }
  if (first === undefined || children === undefined) return undefined
  const { user, system } = process.cpuUsage()
  return {
    wallMs: performance.now(),
    machineBusyMs: (busyTicks(first) * 1000) / clockTicksPerSecond(),
    ownMs: (user + system) / 1000 + children,
  }
}
