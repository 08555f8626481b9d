// Which recorded entry answers which live request: sessions bind to logs (session-bindings.ts), calls
// inside a session by call identity (call-index.ts), a call that differs is drift (call-drift.ts), and
// what no request took is reported at the end (unconsumed.ts). No Cordis, no I/O: index.ts feeds it.
import { plural } from '../../lib/plural.ts'
import { type CallIdentity, callIdentity, type StreamChunk } from '../llm/types.ts'
import { callDrift, type LiveRequest } from './call-drift.ts'
import { type CallIndex, type CallPlace, describeCall, type Lookup } from './call-index.ts'
import type { ReplayEntry, ScriptEntry, StepRef } from './derive.ts'
import type { LiveForms } from './drift.ts'
import { ReplayVerificationError, type ReplayErrorCode, type ReplayProblem } from './errors.ts'
import { sessionLabel, type RecordedSession } from './fixtures.ts'
import type { InstructionFileRecord } from './instructions-drift.ts'
import { type Played, playedSession } from './played-session.ts'
import { withLiveCwd } from './served-chunks.ts'
import { type Binding, type LiveChild, SessionBindings } from './session-bindings.ts'
import { type UnconsumedEntry, unconsumedEntries, unconsumedProblems } from './unconsumed.ts'

export type { UnconsumedEntry } from './unconsumed.ts'

export type Serving =
  | { kind: 'serve'; entry: ReplayEntry; chunks: Iterable<StreamChunk> }
  | { kind: 'fail'; problem: ReplayProblem }

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
  private readonly bindings: SessionBindings
  /** What replay keeps per recorded session, by its index (see Played). */
  private readonly played: Map<number, Played>
  /** Per live session: the project instructions its log last recorded. */
  private readonly liveInstructions = new Map<string, InstructionFileRecord[]>()

  constructor(
    readonly sessions: readonly RecordedSession[],
    private readonly options: PlayerOptions,
  ) {
    this.played = new Map(sessions.map((session) => [session.index, playedSession(session, options.normalize)]))
    const { scenario, redact, normalize } = options
    this.bindings = new SessionBindings(sessions, {
      scenario,
      redact,
      normalize,
      record: (code, message) => this.record(code, message),
    })
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
    this.bindings.bind(sessionId, cwds, firstRequest, child)
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
        `${where}: the agent asked for another model call, but the script has ` +
          `${plural(count, 'entry', 'entries')} and all were served. The agent now makes more model calls than ` +
          'when the session was recorded',
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

  /** The drift check of one call (call-drift.ts); what an old log cannot pin is noted once per log. */
  private driftOf(
    request: LiveRequest,
    binding: Binding,
    recorded: RecordedSession,
    scripted: ScriptEntry,
    call: CallPlace,
  ): string | undefined {
    const played = this.playedOf(recorded)
    const live = binding.live as LiveForms
    const liveInstructions = this.liveInstructions.get(request.sessionId) ?? []
    const onUnchecked = () => this.noteUnchecked(recorded)
    return callDrift({ request, played, scripted, call, live, liveInstructions, onUnchecked })
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
    return unconsumedEntries(this.sessions, (session) => this.playedOf(session))
  }

  /** One readable problem per session with unserved entries. */
  unconsumedProblems(): ReplayProblem[] {
    return unconsumedProblems(this.options.scenario, this.sessions, this.unconsumed(), (session) =>
      this.bindings.replays(session),
    )
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
