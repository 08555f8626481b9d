// The CPU time of this process's finished children (and theirs, as each reaps its own), from
// /proc/self/stat: what a timed `dsh test` cost in CPU across all its processes, beside its wall
// time. Linux only; elsewhere undefined, and the bench prints no CPU figure.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** cutime + cstime of a /proc/<pid>/stat line, in clock ticks (fields 16 and 17; the name may hold spaces). */
function reapedChildrenTicks(statLine: string): number {
  const afterName = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')
  // afterName[0] is field 3 (state), so field n is afterName[n - 3].
  const [cutime, cstime] = [Number(afterName[13]), Number(afterName[14])]
  if (!Number.isInteger(cutime) || !Number.isInteger(cstime)) throw new Error(`not a /proc stat line: ${statLine}`)
  return cutime + cstime
}

let ticksPerSecond: number | undefined

/** The kernel's clock tick (USER_HZ), the unit of /proc/<pid>/stat's and /proc/stat's CPU times. */
export function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  return ticksPerSecond
}

/** CPU milliseconds of every reaped child so far; undefined where /proc is missing. */
export function reapedChildrenCpuMs(): number | undefined {
  let line: string
  try {
    line = readFileSync('/proc/self/stat', 'utf8')
  } catch {
    return undefined
  }
  return (reapedChildrenTicks(line) * 1000) / clockTicksPerSecond()
}
