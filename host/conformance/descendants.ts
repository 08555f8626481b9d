// The agent's descendants, observed through /proc (Linux), so cleanup can verify that even a
// child that left the agent's process group (setsid) is gone. Elsewhere this sees nothing and
// cleanup relies on the process group alone.
import { isLiveState, readProcessTable, type ProcEntry } from '../../lib/process/liveness.ts'

/** Every live process below `pid` (children, grandchildren, …). */
export async function liveDescendants(pid: number): Promise<number[]> {
  const children = new Map<number, ProcEntry[]>()
  for (const entry of (await readProcessTable()) ?? [])
    children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry])
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
  const table = (await readProcessTable()) ?? []
  const live = new Set(table.filter((entry) => isLiveState(entry.state)).map((entry) => entry.pid))
  return pids.filter((pid) => live.has(pid))
}
