// Whether a process group still has members that can run code, and waiting until it has
// none. Linux-specific where it matters (/proc); elsewhere it falls back to what kill(2) can
// tell. Shared by the bash tool's process groups, the hosts' agent process and the conformance runner.
import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'

const GROUP_POLL_MS = 10

interface ProcStat {
  /** R, S, D, Z (zombie), X (dead), … */
  state: string
  ppid: number
  pgrp: number
  /** Clock ticks after boot when it started: with the pid, an identity a reused pid does not share. */
  start: number
}

/** Parses /proc/<pid>/stat; the command name is parenthesised and may contain spaces. */
function parseProcStat(text: string): ProcStat {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  const [state = '', ppid, pgrp] = fields
  return { state, ppid: Number(ppid), pgrp: Number(pgrp), start: Number(fields[19]) }
}

export interface ProcEntry extends ProcStat {
  pid: number
}

/** One process's stat, or undefined when it is gone (or there is no /proc). */
export function readProcStat(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Every process /proc shows now; undefined where there is no /proc (not Linux). Synchronous: a
 * poll reads one small file per process, and through the thread pool each read cost a round trip.
 */
export function readProcessTable(): ProcEntry[] | undefined {
  const pids = procPids()
  if (!pids) return undefined
  const entries: ProcEntry[] = []
  for (const pid of pids) {
    const stat = readProcStat(pid) // undefined: exited while we looked
    if (stat) entries.push({ pid, ...stat })
  }
  return entries
}

/** The pids /proc lists now; undefined where there is no /proc (not Linux). */
export function procPids(): number[] | undefined {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
  } catch {
    return undefined
  }
}

/** A zombie has exited and only waits for its parent (PID 1 for orphans) to reap it. */
export const isLiveState = (state: string) => state !== 'Z' && state !== 'X'

function groupHasLiveMembers(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
  // kill(2) also counts unreaped zombies, so look at the members themselves: the leader first
  // (while a command runs, one read answers), then every process.
  const leader = readProcStat(pgid)
  if (leader && leader.pgrp === pgid && isLiveState(leader.state)) return true
  const table = readProcessTable()
  if (!table) return true
  return table.some((entry) => entry.pgrp === pgid && isLiveState(entry.state))
}

interface WaitGroupGoneOptions {
  /** Give up after this long (default: no limit). */
  timeoutMs?: number
  /** Checked before every poll: true stops the wait. */
  stop?: () => boolean
}

/**
 * Polls until no member of the group can run code. Resolves true once it is gone, false
 * when the wait ended first (timeoutMs passed, or stop() said so). A zombie, even one its
 * parent (PID 1 in a container whose init does not reap) never collects, counts as gone.
 */
export async function waitGroupGone(pgid: number, options: WaitGroupGoneOptions = {}): Promise<boolean> {
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs
  for (;;) {
    if (options.stop?.()) return false
    if (!groupHasLiveMembers(pgid)) return true
    if (Date.now() > deadline) return false
    await delay(GROUP_POLL_MS)
  }
}
