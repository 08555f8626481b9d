// Processes found by a marker in their environment: `NAME=<unique value>` set for one tool call
// or one conformance case. A process that leaves its parent's tree and process group (setsid, a
// double-forked daemon reparented to PID 1) keeps the environment it was started with, which
// Linux shows in /proc/<pid>/environ, so it can still be found and ended. A process whose
// parent scrubbed its whole environment (`env -i`) does not carry it (docs/security.md).
import { readFileSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { isLiveState, procPids, readProcStat } from './liveness.ts'

export interface ProcessMarker {
  name: string
  value: string
}

/** Live processes (not this one) whose environment holds exactly `name=value`; others' are unreadable. */
export function markedProcesses(marker: ProcessMarker): number[] {
  // Entries are NUL-terminated: a whole entry starts the file or follows a NUL.
  const entry = Buffer.from(`${marker.name}=${marker.value}\0`)
  const inner = Buffer.concat([Buffer.from([0]), entry])
  // The environment first, the state only of the few that carry the marker: one read per process
  // instead of two (this runs after every bash call, and a busy machine has hundreds of processes).
  const marked = (procPids() ?? []).filter((pid) => {
    if (pid === process.pid) return false
    try {
      const environ = readFileSync(`/proc/${pid}/environ`)
      return environ.indexOf(entry) === 0 || environ.includes(inner)
    } catch {
      return false // exited, or not ours to read
    }
  })
  return marked.filter((pid) => {
    const stat = readProcStat(pid)
    return !!stat && isLiveState(stat.state)
  })
}

/**
 * The processes signalled through a marker, by pid and the start time they had then. A dying
 * process loses its environment (so its marker) before it is a zombie, and one may exec a
 * program with a clean environment: from the first signal on, it is followed by this identity.
 */
export type SignalledProcesses = Map<number, number | undefined>

/** Sends `signal` to every marked process and records the ones it reached in `signalled`. */
export function signalMarked(marker: ProcessMarker, signal: NodeJS.Signals, signalled: SignalledProcesses): void {
  killEach(markedProcesses(marker), signal, signalled)
}

/** Sends `signal` to each pid and records the ones it reached (a pid seen before keeps its start). */
function killEach(pids: Iterable<number>, signal: NodeJS.Signals, signalled: SignalledProcesses): void {
  for (const pid of pids) {
    const start = readProcStat(pid)?.start
    try {
      process.kill(pid, signal)
      if (!signalled.has(pid)) signalled.set(pid, start)
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * SIGKILLs marked processes, and those signalled before that still run, until none is left (a
 * daemon may fork again while it is killed) and every one signalled has stopped running, for at
 * most `timeoutMs`. Returns those still running at the end.
 */
export async function killMarked(
  marker: ProcessMarker,
  timeoutMs: number,
  signalled: SignalledProcesses,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    // Each sweep checks before it signals: when it finds nothing left, nothing was.
    const running = [...signalled].filter(([pid, start]) => stillRuns(pid, start)).map(([pid]) => pid)
    const left = [...new Set([...markedProcesses(marker), ...running])]
    if (!left.length || Date.now() > deadline) return left
    killEach(left, 'SIGKILL', signalled)
    await delay(10)
  }
}

/** The process with that pid and start time still runs code (a zombie does not). */
function stillRuns(pid: number, start: number | undefined): boolean {
  const stat = readProcStat(pid)
  return !!stat && isLiveState(stat.state) && (start === undefined || stat.start === start)
}
