// The CPU time of this process's finished children (and theirs, as each reaps its own), from
// /proc/self/stat: what a timed `dsh test` cost in CPU across all its processes, beside its wall
// time. Linux only; elsewhere undefined, and the bench prints no CPU figure.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** CPU time split into user and system (kernel) time. */
export interface CpuSplit {
  userMs: number
  systemMs: number
}

/** cutime and cstime of a /proc/<pid>/stat line, in clock ticks (fields 16 and 17; the name may hold spaces). */
function reapedChildrenTicks(statLine: string): { user: number; system: number } {
  const afterName = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')
  // afterName[0] is field 3 (state), so field n is afterName[n - 3].
  const [cutime, cstime] = [Number(afterName[13]), Number(afterName[14])]
  if (!Number.isInteger(cutime) || !Number.isInteger(cstime)) throw new Error(`not a /proc stat line: ${statLine}`)
  return { user: cutime, system: cstime }
}

let ticksPerSecond: number | undefined

/** The kernel's clock tick (USER_HZ), the unit of /proc/<pid>/stat's and /proc/stat's CPU times. */
export function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  return ticksPerSecond
}

/** CPU milliseconds of every reaped child so far, user and system; undefined where /proc is missing. */
export function reapedChildrenCpu(): CpuSplit | undefined {
  let line: string
  try {
    line = readFileSync('/proc/self/stat', 'utf8')
  } catch {
    return undefined
  }
  const { user, system } = reapedChildrenTicks(line)
  const ms = (ticks: number) => (ticks * 1000) / clockTicksPerSecond()
  return { userMs: ms(user), systemMs: ms(system) }
}

/** CPU milliseconds (user + system) of every reaped child so far; undefined where /proc is missing. */
export function reapedChildrenCpuMs(): number | undefined {
  const cpu = reapedChildrenCpu()
  return cpu && cpu.userMs + cpu.systemMs
}
