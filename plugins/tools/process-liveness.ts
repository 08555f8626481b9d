// Whether a process group still has members that can run code. Linux-specific where it
// matters (/proc); elsewhere it falls back to what kill(2) can tell.
import { readdir, readFile } from 'node:fs/promises'

export interface ProcStat {
  /** R, S, D, Z (zombie), X (dead), … */
  state: string
  pgrp: number
}

/** Parses /proc/<pid>/stat; the command name is parenthesised and may contain spaces. */
export function parseProcStat(text: string): ProcStat {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0], pgrp: Number(fields[2]) }
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
  let entries: string[]
  try {
    entries = await readdir('/proc')
  } catch {
    return true
  }
  const stats = await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').then(parseProcStat, () => undefined)),
  )
  return stats.some((stat) => stat?.pgrp === pgid && isLiveState(stat.state))
}
