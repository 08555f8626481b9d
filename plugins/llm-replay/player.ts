// Which recorded entry answers which live request: sessions bind to logs in order of creation
// (subagents by spawn point), calls inside a session by call identity (call-index.ts). No Cordis,
// no I/O: index.ts feeds it.
import { plural } from '../../lib/plural.ts'
import { type CallIdentity, callIdentity, type LlmRequest, type StreamChunk } from '../llm/types.ts'
import { type CallIndex, type CallPlace, describeCall, type Lookup } from './call-index.ts'
import { parameterDrift } from './parameter-drift.ts'
import { liveCollapser, servedCwd, type ServedCwd } from './cwd-map.ts'
import { describeStep, type ReplayEntry, type ScriptEntry, type StepRef } from './derive.ts'
import { driftAt, LiveForms } from './drift.ts'
import { ReplayVerificationError, type ReplayErrorCode, type ReplayProblem } from './errors.ts'
import { describeSpawn, recordedChild } from './child-logs.ts'
import { sessionLabel, type RecordedSession } from './fixtures.ts'
import type { SpawnPoint } from '../session/events.ts'
import { type InstructionFileRecord, instructionsDrift, recordedInstructions } from './instructions-drift.ts'
import { type Played, playedSession, thenApply } from './played-session.ts'
import { withLiveCwd } from './served-chunks.ts'

/** The live side of a binding: which log a live session replays and how far it got. */
interface Binding {
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
interface LiveChild {
  parentSession: string
  spawn: SpawnPoint
}

export type Serving =
  | { kind: 'serve'; entry: ReplayEntry; chunks: Iterable<StreamChunk> }
  | { kind: 'fail'; problem: ReplayProblem }

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

/** What the player reads of a live request: its identity, history and parameters. */
type LiveRequest = Pick<LlmRequest, 'sessionId' | 'turn' | 'step' | 'messages'> &
  Partial<Pick<LlmRequest, 'model' | 'attempt' | 'purpose' | 'maxTokens' | 'options' | 'system' | 'tools'>>

interface PlayerOptions {
  scenario: string
  drift: boolean
  /** The manifest's `redact:` replacement, run over the live history as it ran over the recorded log. */
  redact?: (text: string) => string
  /**
   * The `normalize:` rules, run over both sides: the live history (after `redact`) and the recorded
   * one, so a rule added after the recording still applies to it (docs/nondeterminism.md).
   */
  normalize?: (text: string) => string
}

export class ReplayPlayer {
  readonly errors: ReplayProblem[] = []
  /** What replay could not check, once per log (a log written before `model/request` records). */
  readonly notes: string[] = []
  private readonly uncheckedNoted = new Set<number>()
  private readonly bindings = new Map<string, Binding>()
  /** What replay keeps per recorded session, by its index (see Played). */
  private readonly played: Map<number, Played>
  private nextLog = 0
  /** Per live session: the project instructions its log last recorded. */
  private readonly liveInstructions = new Map<string, InstructionFileRecord[]>()
  /** The logs live sessions the client opens bind to, in creation order (subagents' bind by spawn point). */
  private readonly topLevel: RecordedSession[]
  private liveSessions = 0

  constructor(
    readonly sessions: readonly RecordedSession[],
    private readonly options: PlayerOptions,
  ) {
    this.played = new Map(sessions.map((session) => [session.index, playedSession(session, options.normalize)]))
    this.topLevel = sessions.filter((session) => !session.parent)
  }

  private playedOf(recorded: RecordedSession): Played {
    const played = this.played.get(recorded.index)
    if (!played)
      throw new Error(`${sessionLabel(this.options.scenario, recorded)} is not one of this replay's sessions`)
    return played
  }

  /**
   * Bind a live session to the next recorded session log; `cwds` are its cwd spellings, if known.
   * A subagent (`child`) binds instead to the log its parent's recording spawned at the same place.
   */
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
    const extra = this.record(
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
    const extra = this.record(
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

  /** A live session's log recorded its project instructions (a `project/instructions` event). */
  noteInstructions(sessionId: string, files: InstructionFileRecord[]): void {
    this.liveInstructions.set(sessionId, files)
  }

  isBound(sessionId: string): boolean {
    return this.bindings.has(sessionId)
  }

  /**
   * Pick the answer to a live request: the recorded call with the same identity (session, turn,
   * step, attempt, purpose), never the next by arrival order. Consumes the entry even when drift is
   * found, so later calls stay aligned.
   */
  take(request: LiveRequest): Serving {
    const binding = this.bindings.get(request.sessionId)
    if (!binding) throw new Error(`replay: session ${request.sessionId} is not bound; call bind() first`)
    const { sessionId: _, ...place } = callIdentity(request)
    // Recorded once at binding; each request still fails loudly, naming its own call.
    if (binding.extra)
      return {
        kind: 'fail',
        problem: { code: binding.extra.code, message: `${binding.extra.message} [request at ${describeCall(place)}]` },
      }
    const recorded = binding.recorded as RecordedSession
    const where =
      `${sessionLabel(this.options.scenario, recorded)}, live session ${request.sessionId}, ` + `${describeCall(place)}`
    const index = this.playedOf(recorded).calls
    const found = index.take(place)
    if (found.kind === 'none' || found.kind === 'again') return this.extraCall(where, index, found, place)
    const scripted = recorded.script[found.index]
    const call = index.places[found.index]
    if (!scripted || !call) throw new Error(`${where}: script entry ${found.index} is not in the call index (a bug)`)
    if (found.kind === 'purpose')
      return this.fail(
        'REPLAY_PURPOSE',
        `${where}: the live call has purpose "${place.purpose}" but the recorded call at that turn, step and ` +
          `attempt (script entry ${found.index}${sourceNote(scripted)}) had purpose "${found.recorded}"; the ` +
          'agent now makes another kind of model call there than when the session was recorded',
      )
    const report = this.options.drift ? this.driftOf(request, binding, recorded, scripted, call) : undefined
    if (report)
      return this.fail(
        'REPLAY_DRIFT',
        `${where}: drift at script entry ${found.index} (recorded at ` +
          `${describeCall(call)}${sourceNote(scripted)}): ${report}`,
      )
    return { kind: 'serve', entry: scripted.entry, chunks: this.chunksFor(recorded, found.index, binding) }
  }

  /** A live call with no recorded twin: none has its identity, or that one was served already. */
  private extraCall(where: string, index: CallIndex, found: Lookup, place: CallPlace): Serving {
    if (found.kind === 'again')
      return this.fail(
        'REPLAY_EXTRA_CALL',
        `${where}: this call was already served (script entry ${found.index}); the agent now makes the same ` +
          'model call twice where the recording made it once',
      )
    if (index.exhausted) {
      const count = index.size
      return this.fail(
        'REPLAY_EXHAUSTED',
        `${where}: the agent asked for another model call, but the script has ${count} ` +
          `entr${count === 1 ? 'y' : 'ies'} and all were served. The agent now makes more model calls than when the ` +
          'session was recorded',
      )
    }
    const recordedThere = index.callsAt(place.turn)
    const there = recordedThere.length ? recordedThere.join(', ') : 'none'
    return this.fail(
      'REPLAY_EXTRA_CALL',
      `${where}: no recorded model call has this identity (recorded calls in turn ${place.turn}: ${there}); the ` +
        'agent now makes a model call it did not make when the session was recorded',
    )
  }

  /** Instructions, model, request parameters, then the history: the first that differs. */
  private driftOf(
    request: LiveRequest,
    binding: Binding,
    recorded: RecordedSession,
    scripted: ScriptEntry,
    call: CallPlace,
  ): string | undefined {
    const played = this.playedOf(recorded)
    const instructions = instructionsDrift(
      recordedInstructions(played.instructions, scripted.at),
      this.liveInstructions.get(request.sessionId) ?? [],
    )
    if (instructions) return instructions
    if (played.switchesModel) {
      const model = modelDrift(scripted.model, request.model)
      if (model) return model
    }
    const { history } = played
    const live = binding.live as LiveForms
    if (scripted.source.from === 'log' && !scripted.parameters) this.noteUnchecked(recorded)
    const parameters = parameterDrift(scripted, request, { recorded: history.collapse, live: live.collapse })
    if (parameters) return parameters
    // A plugin's own call carries its messages in its record (compared above): they are not the history.
    return scripted.parameters?.messages ? undefined : driftAt(history, live, call, call, request.messages)
  }

  /** Once per log: a log written before `model/request` records cannot pin maxTokens, options or identity. */
  private noteUnchecked(recorded: RecordedSession): void {
    if (this.uncheckedNoted.has(recorded.index)) return
    this.uncheckedNoted.add(recorded.index)
    this.notes.push(
      `${sessionLabel(this.options.scenario, recorded)}: the log has no model/request records (written before call ` +
        "identities): maxTokens, adapter options and each call's attempt and purpose are unchecked; record it again " +
        'to check them',
    )
  }

  /** Whether the recording made the call `call` (served or not); true for a session replay cannot place. */
  hasCall(call: CallIdentity): boolean {
    const recorded = this.bindings.get(call.sessionId)?.recorded
    if (!recorded) return true
    return this.playedOf(recorded).calls.has(call)
  }

  /** Entries no request ever took, across all recorded sessions (bound or not). */
  unconsumed(): UnconsumedEntry[] {
    const out: UnconsumedEntry[] = []
    for (const session of this.sessions) {
      const { calls } = this.playedOf(session)
      session.script.forEach(({ at, entry }, index) => {
        if (calls.isServed(index)) return
        out.push({
          session: session.index,
          file: session.file,
          index,
          at,
          call: calls.places[index]!,
          kind: entry.kind,
        })
      })
    }
    return out
  }

  /** One readable problem per session with unserved entries. */
  unconsumedProblems(): ReplayProblem[] {
    const unconsumed = this.unconsumed()
    return this.sessions.flatMap((session) => {
      const items = unconsumed.filter((item) => item.session === session.index)
      if (!items.length) return []
      const served = items.length < session.script.length
      const bound = served || [...this.bindings.values()].some((b) => b.recorded === session)
      const list = items.map((item) => `entry ${item.index} (${describeCall(item.call)}, ${item.kind})`).join(', ')
      const why = bound
        ? 'the agent made fewer model calls than when the session was recorded'
        : session.parent
          ? 'the subagent was never spawned: no live task call at that place'
          : 'no live session was bound to this log (the agent opened fewer sessions than recorded)'
      return {
        code: 'REPLAY_UNCONSUMED' as const,
        message:
          `${sessionLabel(this.options.scenario, session)}: ${items.length} script ` +
          `entr${items.length === 1 ? 'y was' : 'ies were'} never requested (no live call had their identity): ` +
          `${list}; ${why}`,
      }
    })
  }

  /** Throw one combined error for everything wrong so far (request errors, then unconsumed entries). */
  verify(): void {
    const problems = [...this.errors, ...this.unconsumedProblems()]
    if (problems.length) throw new ReplayVerificationError(this.options.scenario, problems)
  }

  private chunksFor(recorded: RecordedSession, position: number, binding: Binding): Iterable<StreamChunk> {
    const entry = recorded.script[position]?.entry
    if (!entry) throw new Error(`${sessionLabel(this.options.scenario, recorded)}: no script entry ${position}`)
    if (!entry.chunks) return []
    if (!binding.served || !this.playedOf(recorded).mentions[position]) return entry.chunks
    return withLiveCwd(entry.chunks, binding.served)
  }

  private fail(code: ReplayErrorCode, message: string): Serving {
    return { kind: 'fail', problem: this.record(code, message) }
  }

  private record(code: ReplayErrorCode, message: string): ReplayProblem {
    const problem = { code, message }
    this.errors.push(problem)
    return problem
  }
}

function sourceNote(scripted: ScriptEntry): string {
  return scripted.source.from === 'override' ? `, from ${scripted.source.file} ${scripted.source.path}` : ''
}

/** The live side's string map: the cwd collapsed first (as normalizing does), then redacted. */
function redactedCollapser(
  collapse: ((text: string) => string) | undefined,
  redact: ((text: string) => string) | undefined,
): ((text: string) => string) | undefined {
  if (!redact) return collapse
  return collapse ? (text) => redact(collapse(text)) : redact
}

/** A session's model changed (config option `model`) where the recording's did not, or the other way round. */
function modelDrift(recorded: string | undefined, live: string | undefined): string | undefined {
  if (!recorded || !live || recorded === live) return undefined
  return (
    `the live request goes to model "${live}" but the recorded call was served by "${recorded}"; the session's ` +
    'model choice (session/set_model, set_config_option, /model) now differs from the recording'
  )
}
