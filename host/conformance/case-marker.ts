// A per-case marker in the agent's environment, so cleanup can find every process the agent
// started even after it left both the agent's process tree and its process group: a
// double-forked daemon (fork, setsid, fork, parent exits) is reparented to PID 1 and leads a
// session of its own, but it keeps the environment it was started with, which Linux shows in
// /proc/<pid>/environ. A process whose parent scrubbed its environment does not carry it.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { markedProcesses as markedBy } from '../../lib/process/marked.ts'

/** The variable the runner adds to each agent's environment. */
export const CASE_MARKER_VAR = 'DSH_CONFORMANCE_CASE'

/** A value no other case (in this run or another run on the machine) can carry. */
export function newCaseMarker(caseId: string): string {
  return `${caseId}.${randomUUID()}`
}

/** Live processes whose environment holds `DSH_CONFORMANCE_CASE=<marker>` (other users' are unreadable). */
export function markedProcesses(marker: string): number[] {
  return markedBy({ name: CASE_MARKER_VAR, value: marker })
}

/** `pid 123 (sleep 300)`: the command line, for messages; just the pid when it is gone. */
export function describeProcess(pid: number): string {
  let cmdline = ''
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    // gone: the pid alone
  }
  const words = cmdline.split('\0').filter(Boolean).join(' ')
  return words ? `pid ${pid} (${words.length > 80 ? `${words.slice(0, 77)}...` : words})` : `pid ${pid}`
}
