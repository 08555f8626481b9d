// A parent session and its subagents' logs as one stream of events, for what is derived across
// them (the starting workspace, the permission queue): each child's events, in spawn order, just
// before the result of the `task` call that spawned it, since a child runs inside that call. Pure.
import type { LoggedEvent, LoggedHeader } from '../../../plugins/session/log-format.ts'

interface ParsedLog {
  header: Pick<LoggedHeader, 'id' | 'parentSession' | 'parentCallId'>
  events: readonly LoggedEvent[]
}

/** `logs` in fixture order (the parent first, children in spawn order: core/normalize/log-order.ts). */
export function eventsWithChildren(logs: readonly ParsedLog[]): LoggedEvent[] {
  const [root] = logs
  if (!root) return []
  const children = new Map<string, ParsedLog[]>()
  for (const log of logs.slice(1)) {
    const key = `${log.header.parentSession}\u0000${log.header.parentCallId}`
    children.set(key, [...(children.get(key) ?? []), log])
  }
  const placed = new Set<ParsedLog>([root])
  const expand = (log: ParsedLog): LoggedEvent[] =>
    log.events.flatMap((event) => {
      if (event.type !== 'tool/result') return [event]
      const spawned = children.get(`${log.header.id}\u0000${event.data.callId}`) ?? []
      for (const child of spawned) placed.add(child)
      return [...spawned.flatMap(expand), event]
    })
  const merged = expand(root)
  // A child whose call has no result in its parent (a cut-off turn) still counts, after it.
  // One push per event: a spread of a long log would put every event on the stack.
  for (const log of logs) if (!placed.has(log)) for (const event of log.events) merged.push(event)
  return merged
}
