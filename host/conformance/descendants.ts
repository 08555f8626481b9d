// The agent's descendants, observed through /proc (Linux), so cleanup can verify that even a
// child that left the agent's process group (setsid) is gone. Elsewhere this sees nothing and
// cleanup relies on the process group alone. A process is known by its pid and start time, so a
// pid reused by an unrelated process after ours exited is never mistaken for it (or killed).
import { isLiveState, readProcessTable, type ProcEntry } from '../../lib/process/liveness.ts'

export interface ProcessRef {
  pid: number
  start: number
}

const ref = (entry: ProcEntry): ProcessRef => ({ pid: entry.pid, start: entry.start })
const key = (p: ProcessRef) => `${p.pid}@${p.start}`

function liveTable(): ProcEntry[] {
  return (readProcessTable() ?? []).filter((entry) => isLiveState(entry.state))
}

/** Every live process below `pid` (children, grandchildren, …). */
export function liveDescendants(pid: number): ProcessRef[] {
  const children = new Map<number, ProcEntry[]>()
  for (const entry of readProcessTable() ?? []) {
    const siblings = children.get(entry.ppid)
    if (siblings) siblings.push(entry)
    else children.set(entry.ppid, [entry])
  }
  const found: ProcessRef[] = []
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      if (isLiveState(child.state)) found.push(ref(child))
      walk(child.pid)
    }
  }
  walk(pid)
  return found
}

/** The processes among `pids` that run now (zombies have exited and do not count). */
export function liveRefs(pids: readonly number[]): ProcessRef[] {
  const wanted = new Set(pids)
  return liveTable()
    .filter((entry) => wanted.has(entry.pid))
    .map(ref)
}

/** Those of `refs` that still run code: same pid, same start. */
export function stillLive(refs: readonly ProcessRef[]): ProcessRef[] {
  if (!refs.length) return []
  const live = new Set(liveTable().map((entry) => key(entry)))
  return refs.filter((p) => live.has(key(p)))
}

/** `a` and `b` without duplicates. */
export function mergeRefs(a: readonly ProcessRef[], b: readonly ProcessRef[]): ProcessRef[] {
  return [...new Map([...a, ...b].map((p) => [key(p), p])).values()]
}
