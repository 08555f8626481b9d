// Script entries no live request took: listed for the host (ReplayService.unconsumed) and worded as
// one problem per session, with the likely reason (fewer calls, a subagent never spawned, fewer
// sessions). Pure.
import { noun, plural } from '../../lib/plural.ts'
import { type CallPlace, describeCall } from './call-index.ts'
import type { ReplayEntry, StepRef } from './derive.ts'
import type { ReplayProblem } from './errors.ts'
import { sessionLabel, type RecordedSession } from './fixtures.ts'
import type { Played } from './played-session.ts'

export interface UnconsumedEntry {
  session: number
  file: string
  /** Position in the session's script. */
  index: number
  at: StepRef
  /** The recorded call's identity in its session. */
  call: CallPlace
  kind: ReplayEntry['kind']
}

/** Entries no request ever took, across all recorded sessions (bound or not). */
export function unconsumedEntries(
  sessions: readonly RecordedSession[],
  playedOf: (session: RecordedSession) => Played,
): UnconsumedEntry[] {
  const out: UnconsumedEntry[] = []
  for (const session of sessions) {
    const { calls } = playedOf(session)
    session.script.forEach(({ at, entry }, index) => {
      const call = calls.places[index]
      if (calls.isServed(index) || !call) return
      out.push({ session: session.index, file: session.file, index, at, call, kind: entry.kind })
    })
  }
  return out
}

/** One readable problem per session with unserved entries; `bound` says whether a live session replays it. */
export function unconsumedProblems(
  scenario: string,
  sessions: readonly RecordedSession[],
  unconsumed: readonly UnconsumedEntry[],
  bound: (session: RecordedSession) => boolean,
): ReplayProblem[] {
  return sessions.flatMap((session) => {
    const items = unconsumed.filter((item) => item.session === session.index)
    if (!items.length) return []
    const served = items.length < session.script.length
    const list = items.map((item) => `entry ${item.index} (${describeCall(item.call)}, ${item.kind})`).join(', ')
    const why =
      served || bound(session)
        ? 'the agent made fewer model calls than when the session was recorded'
        : session.parent
          ? 'the subagent was never spawned: no live task call at that place'
          : 'no live session was bound to this log (the agent opened fewer sessions than recorded)'
    return {
      code: 'REPLAY_UNCONSUMED' as const,
      message:
        `${sessionLabel(scenario, session)}: ${plural(items.length, 'script entry', 'script entries')} ` +
        `${noun(items.length, 'was', 'were')} never requested (no live call had their identity): ` +
        `${list}; ${why}`,
    }
  })
}
