// Subagents' logs among a scenario's recordings (plugins/subagents): each must name a recorded
// parent and a tool call that parent made at the recorded spawn point; a live child binds to the
// log its spawning call's place names. Pure: no I/O.
import type { SpawnPoint } from '../session/events.ts'
import type { HistoryEvent } from '../session/history.ts'

/** A recorded subagent's parent: the recorded parent session's id and the call that spawned it. */
export interface RecordedParent {
  session: string
  callId: string
  spawn: SpawnPoint
}

/** What these checks read of a recorded session (fixtures.ts's RecordedSession). */
interface RecordedLog {
  id: string
  file: string
  parent?: RecordedParent
  historyEvents: readonly HistoryEvent[]
}

/** A spawning call's place, as messages name it: `turn 1, step 2, call 3` (the call 1-based). */
export function describeSpawn(spawn: SpawnPoint): string {
  return `turn ${spawn.turn}, step ${spawn.step}, call ${spawn.call + 1}`
}

/** Throws for the first child log without its spawning call: file, line 1, what is missing, what to do. */
export function checkSpawningCalls(sessions: readonly RecordedLog[]): void {
  for (const session of sessions) {
    const parent = session.parent
    if (!parent) continue
    const at = `${session.file}:1`
    const fix = 're-record the scenario, or delete this log if no subagent belongs to it'
    const owner = sessions.find((other) => other.id === parent.session)
    if (!owner)
      throw new Error(
        `${at}: a subagent log with no spawning call: its parent session ${parent.session} is none of the ` +
          `scenario's logs (${sessions.map((s) => s.file).join(', ')}); ${fix}`,
      )
    const spawned = owner.historyEvents.some((event) => {
      if (event.type !== 'tool/call') return false
      const call = event.data as { callId: string; turn: number; step: number }
      return call.callId === parent.callId && call.turn === parent.spawn.turn && call.step === parent.spawn.step
    })
    if (!spawned)
      throw new Error(
        `${at}: a subagent log with no spawning call: ${owner.file} has no tool call ${parent.callId} at ` +
          `${describeSpawn(parent.spawn)}; ${fix}`,
      )
  }
}

/** The recorded child of `parent` spawned at `spawn`, if one was recorded. */
export function recordedChild<T extends RecordedLog>(
  sessions: readonly T[],
  parent: T,
  spawn: SpawnPoint,
): T | undefined {
  return sessions.find(
    (session) =>
      session.parent?.session === parent.id &&
      session.parent.spawn.turn === spawn.turn &&
      session.parent.spawn.step === spawn.step &&
      session.parent.spawn.call === spawn.call,
  )
}
