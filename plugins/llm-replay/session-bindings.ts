// Which recorded log a live session replays: top-level sessions bind to logs in order of creation,
// a subagent to the log its parent's recording spawned at the same place. A live session beyond the
// recorded ones binds to a problem every request of it fails with. No Cordis, no I/O.
import { plural } from '../../lib/plural.ts'
import type { SpawnPoint } from '../session/events.ts'
import { describeSpawn, recordedChild } from './child-logs.ts'
import { liveCollapser, servedCwd, type ServedCwd } from './cwd-map.ts'
import { describeStep, type StepRef } from './derive.ts'
import { LiveForms } from './drift.ts'
import type { ReplayErrorCode, ReplayProblem } from './errors.ts'
import { sessionLabel, type RecordedSession } from './fixtures.ts'
import { thenApply } from './played-session.ts'

/** The live side of a binding: which log a live session replays and how far it got. */
export interface Binding {
  sessionId: string
  recorded?: RecordedSession
  /** How served chunks change for this session's cwd; undefined when nothing changes. */
  served?: ServedCwd
  /** The live side of the drift check (this session's cwd spellings collapsed). */
  live?: LiveForms
  /** Set for a live session beyond the recorded ones: every request fails with it. */
  extra?: ReplayProblem
}

/** A live subagent: its parent's live session id and where the spawning call stands there. */
export interface LiveChild {
  parentSession: string
  spawn: SpawnPoint
}

interface BindingOptions {
  scenario: string
  /** The live history's `redact:` and `normalize:` maps, in that order after the cwd (see PlayerOptions). */
  redact?: (text: string) => string
  normalize?: (text: string) => string
  /** Keeps a problem (the player's list of errors) and returns it. */
  record(code: ReplayErrorCode, message: string): ReplayProblem
}

export class SessionBindings {
  private readonly bindings = new Map<string, Binding>()
  /** The logs live sessions the client opens bind to, in creation order (subagents' bind by spawn point). */
  private readonly topLevel: RecordedSession[]
  private nextLog = 0
  private liveSessions = 0

  constructor(
    private readonly sessions: readonly RecordedSession[],
    private readonly options: BindingOptions,
  ) {
    this.topLevel = sessions.filter((session) => !session.parent)
  }

  get(sessionId: string): Binding | undefined {
    return this.bindings.get(sessionId)
  }

  has(sessionId: string): boolean {
    return this.bindings.has(sessionId)
  }

  /** Whether some live session replays `session`. */
  replays(session: RecordedSession): boolean {
    return [...this.bindings.values()].some((binding) => binding.recorded === session)
  }

  /** See ReplayPlayer.bind. */
  bind(sessionId: string, cwds: string[], firstRequest?: StepRef, child?: LiveChild): void {
    if (this.bindings.has(sessionId)) return
    if (child) {
      this.bindChild(sessionId, cwds, child)
      return
    }
    const ordinal = this.liveSessions++
    const recorded = this.topLevel[this.nextLog]
    if (recorded) {
      this.nextLog++
      this.bindings.set(sessionId, this.binding(sessionId, recorded, cwds))
      return
    }
    const files = this.topLevel.map((session) => session.file).join(', ')
    const request = firstRequest ? ` (first request at ${describeStep(firstRequest)})` : ''
    const extra = this.options.record(
      'REPLAY_EXTRA_SESSION',
      `scenario "${this.options.scenario}": live session ${sessionId}${request} is session number ${ordinal + 1} of ` +
        `this run, but only ${plural(this.sessions.length, 'session log')} ` +
        `${this.sessions.length === 1 ? 'was' : 'were'} recorded (${files}). The agent now opens ` +
        `more sessions than when the scenario was recorded`,
    )
    this.bindings.set(sessionId, { sessionId, extra })
  }

  private bindChild(sessionId: string, cwds: string[], child: LiveChild): void {
    const parent = this.bindings.get(child.parentSession)?.recorded
    const recorded = parent && recordedChild(this.sessions, parent, child.spawn)
    if (recorded) {
      this.bindings.set(sessionId, this.binding(sessionId, recorded, cwds))
      return
    }
    const where = parent ? sessionLabel(this.options.scenario, parent) : `live session ${child.parentSession}`
    const extra = this.options.record(
      'REPLAY_EXTRA_SESSION',
      `${where}: the task call at ${describeSpawn(child.spawn)} spawned subagent ${sessionId}, but no recorded ` +
        `subagent log names that call (its fixture would be a session.<n>.jsonl whose header has "parentSession" ` +
        `${parent?.id ?? '(unrecorded parent)'} and "spawn" ${JSON.stringify(child.spawn)}). The agent now spawns ` +
        'a subagent it did not when the scenario was recorded: re-record the scenario',
    )
    this.bindings.set(sessionId, { sessionId, extra })
  }

  private binding(sessionId: string, recorded: RecordedSession, cwds: string[]): Binding {
    return {
      sessionId,
      recorded,
      served: servedCwd(recorded.cwd, cwds),
      live: new LiveForms(
        thenApply(redactedCollapser(liveCollapser(recorded.cwd, cwds), this.options.redact), this.options.normalize),
      ),
    }
  }
}

/** The live side's string map: the cwd collapsed first (as normalizing does), then redacted. */
function redactedCollapser(
  collapse: ((text: string) => string) | undefined,
  redact: ((text: string) => string) | undefined,
): ((text: string) => string) | undefined {
  if (!redact) return collapse
  return collapse ? (text) => redact(collapse(text)) : redact
}
