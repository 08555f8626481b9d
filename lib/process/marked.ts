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

/** Sends `signal` to every marked process; returns the pids it reached. */
export function signalMarked(marker: ProcessMarker, signal: NodeJS.Signals): number[] {
  return killEach(markedProcesses(marker), signal)
}

/** Sends `signal` to each pid; returns those it reached. */
function killEach(pids: readonly number[], signal: NodeJS.Signals): number[] {
  const reached: number[] = []
  for (const pid of pids) {
    try {
      process.kill(pid, signal)
      reached.push(pid)
    } catch {
      // Gone meanwhile.
    }
  }
  return reached
}

/**
 * SIGKILLs marked processes until none is left (a daemon may fork again while it is killed) and
 * every one killed has stopped running, for at most `timeoutMs`. A dying process loses its
 * environment before it is a zombie, so the ones killed are followed by pid and start time.
 * Returns the pids it killed and those still running at the end.
 */
export async function killMarked(
  marker: ProcessMarker,
  timeoutMs: number,
): Promise<{ killed: number[]; survivors: number[] }> {
  const killed = new Map<number, number | undefined>()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    // The sweep that signals is also the check: when it finds no marked process, none was left.
    const marked = markedProcesses(marker)
    for (const pid of killEach(marked, 'SIGKILL')) if (!killed.has(pid)) killed.set(pid, readProcStat(pid)?.start)
    const running = [...killed].filter(([pid, start]) => stillRuns(pid, start)).map(([pid]) => pid)
    if (!running.length && !marked.length) return { killed: [...killed.keys()], survivors: [] }
    if (Date.now() > deadline) return { killed: [...killed.keys()], survivors: [...new Set([...running, ...marked])] }
    await delay(10)
  }
}

/** The process with that pid and start time still runs code (a zombie does not). */
function stillRuns(pid: number, start: number | undefined): boolean {
  const stat = readProcStat(pid)
  return !!stat && isLiveState(stat.state) && (start === undefined || stat.start === start)
}
