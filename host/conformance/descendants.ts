// The agent's descendants, observed through /proc (Linux), so cleanup can verify that even a
// child that left the agent's process group (setsid) is gone. Elsewhere this sees nothing and
// cleanup relies on the process group alone.
import { readdir, readFile } from 'node:fs/promises'
import { isLiveState } from '../../lib/process/liveness.ts'

interface ProcEntry {
  pid: number
  ppid: number
  state: string
}

async function processTable(): Promise<ProcEntry[]> {
  let names: string[]
  try {
    names = await readdir('/proc')
  } catch {
    return []
  }
  const entries = await Promise.all(
    names
      .filter((n) => /^\d+$/.test(n))
      .map(async (name) => {
        try {
          const stat = await readFile(`/proc/${name}/stat`, 'utf8')
          // The command name is parenthesised and may contain spaces: fields start after the last ')'.
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
          return { pid: Number(name), state: fields[0]!, ppid: Number(fields[1]) }
        } catch {
          return undefined // exited while we looked
        }
      }),
  )
  return entries.filter((e): e is ProcEntry => e !== undefined)
}

/** Every live process below `pid` (children, grandchildren, …). */
export async function liveDescendants(pid: number): Promise<number[]> {
  const table = await processTable()
  const children = new Map<number, ProcEntry[]>()
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry])
  const found: number[] = []
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      if (isLiveState(child.state)) found.push(child.pid)
      walk(child.pid)
    }
  }
  walk(pid)
  return found
}

/** Those of `pids` that still run code (zombies have exited and do not count). */
export async function stillLive(pids: readonly number[]): Promise<number[]> {
  if (!pids.length) return []
  const live = new Set((await processTable()).filter((e) => isLiveState(e.state)).map((e) => e.pid))
  return pids.filter((pid) => live.has(pid))
}
