// One process, named so that a reused pid does not pass for it: the pid plus its start time
// (Linux /proc; elsewhere the pid alone). Used by lock files that must tell a live holder
// from a dead one.
import { isLiveState, readProcStat } from './liveness.ts'

export interface ProcessIdentity {
  pid: number
  /** Start time in clock ticks after boot, from /proc/<pid>/stat; absent where there is no /proc. */
  start?: number
}

let own: ProcessIdentity | undefined

/** This process's identity: read once, as neither its pid nor its start time ever changes (a lock per session asks). */
export function currentProcessIdentity(): ProcessIdentity {
  if (own) return own
  const start = readProcStat(process.pid)?.start
  own = Object.freeze(start === undefined ? { pid: process.pid } : { pid: process.pid, start })
  return own
}

/** Whether that very process still runs code (a zombie or a new process with the same pid does not count). */
export function isProcessAlive(identity: ProcessIdentity): boolean {
  // kill(0) and kill(-n) signal process groups: they always "succeed" and name no one process.
  if (!Number.isInteger(identity.pid) || identity.pid <= 0) return false
  try {
    process.kill(identity.pid, 0)
  } catch (error) {
    // EPERM: it exists, run by another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const stat = readProcStat(identity.pid)
  if (!stat) return true
  if (!isLiveState(stat.state)) return false
  return identity.start === undefined || stat.start === identity.start
}
