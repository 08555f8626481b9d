// Whether a process group still has members that can run code, and waiting until it has
// none. Linux-specific where it matters (/proc); elsewhere it falls back to what kill(2) can
// tell. Shared by the bash tool's process groups, the hosts' agent process and the conformance runner.
import { readdir, readFile } from 'node:fs/promises'
import { setTimeout as delay } from 'node:timers/promises'

const GROUP_POLL_MS = 10

export interface ProcStat {
  /** R, S, D, Z (zombie), X (dead), … */
  state: string
  ppid: number
  pgrp: number
  /** Clock ticks after boot when it started: with the pid, an identity a reused pid does not share. */
  start: number
}

/** Parses /proc/<pid>/stat; the command name is parenthesised and may contain spaces. */
export function parseProcStat(text: string): ProcStat {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0], ppid: Number(fields[1]), pgrp: Number(fields[2]), start: Number(fields[19]) }
}

export interface ProcEntry extends ProcStat {
  pid: number
}

/** Every process /proc shows now; undefined where there is no /proc (not Linux). */
export async function readProcessTable(): Promise<ProcEntry[] | undefined> {
  let names: string[]
  try {
    names = await readdir('/proc')
  } catch {
    return undefined
  }
  const entries = await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map((name) =>
        readFile(`/proc/${name}/stat`, 'utf8').then(
          (text) => ({ pid: Number(name), ...parseProcStat(text) }),
          () => undefined, // exited while we looked
        ),
      ),
  )
  return entries.filter((entry) => entry !== undefined)
}

/** A zombie has exited and only waits for its parent (PID 1 for orphans) to reap it. */
export const isLiveState = (state: string) => state !== 'Z' && state !== 'X'

export async function groupHasLiveMembers(pgid: number): Promise<boolean> {
  try {
    process.kill(-pgid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
  // kill(2) also counts unreaped zombies, so look at the members themselves.
  const table = await readProcessTable()
  if (!table) return true
  return table.some((entry) => entry.pgrp === pgid && isLiveState(entry.state))
}

export interface WaitGroupGoneOptions {
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
    if (!(await groupHasLiveMembers(pgid))) return true
    if (Date.now() > deadline) return false
    await delay(GROUP_POLL_MS)
  }
}
