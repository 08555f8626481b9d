// llm-replay: answers every `llm/stream` request from recorded session logs (docs/design.md §6) and
// never calls `next()`, so no real adapter, key or network is ever reached in replay mode.
import { realpathSync } from 'node:fs'
import { type Context, Service } from 'cordis'
import { z } from 'zod'
import { type CallIdentity, LlmError, type LlmRequest, type StreamChunk } from '../llm/types.ts'
import type { AdapterRegistration } from '../llm/adapter.ts'
import { composedAdapters, disabledNetworkAdapters, standIn } from '../llm/stand-in.ts'
import type { SessionHeader } from '../session/events.ts'
import { asFixtureLoadError, type ReplayProblem, toLlmError } from './errors.ts'
import { loadFixtures } from './fixtures.ts'
import { writeReport } from './report.ts'
import { type Jitter, jittered, parseJitter } from './jitter.ts'
import type { InstructionFileRecord } from './instructions-drift.ts'
import { ReplayPlayer, type Serving, type UnconsumedEntry } from './player.ts'
import { resolveSources } from './sources.ts'
import { redactor } from '../../lib/secrets/redact.ts'
import { NormalizeRuleSchema, normalizer } from '../../lib/normalize/rules.ts'
import { joinScope, type ReplayScope } from '../scope/index.ts'

export { deriveReplayScript, recordedModels, type ReplayEntry, type ScriptEntry, type StepRef } from './derive.ts'
import { recordedModels } from './derive.ts'
export { checkDrift } from './drift.ts'
export { RecordedCwdError } from './cwd-map.ts'
export { ReplayVerificationError, type ReplayErrorCode, type ReplayProblem } from './errors.ts'
export { parseOverride, applyOverride } from './override.ts'
export type { UnconsumedEntry } from './player.ts'

declare module 'cordis' {
  interface Context {
    replay: ReplayService
  }
}

export const Config = z
  .strictObject({
    /** Label for error messages; defaults to the folder of the first session log. */
    scenario: z.string().min(1).optional(),
    /**
     * Session logs in binding order (0 = first session created), each with an optional override;
     * `text`, when the caller already read the file (the in-process test host), is used instead of reading it.
     */
    sessions: z
      .array(
        z.strictObject({
          file: z.string().min(1),
          override: z.string().min(1).optional(),
          text: z.string().optional(),
        }),
      )
      .optional(),
    /** An override whose parts may target any session (default session 0). */
    override: z.string().min(1).optional(),
    /** Compare each live request's history with the recorded one before serving. */
    drift: z.boolean().default(true),
    /**
     * The manifest's `redact:` entries and the identity its home-dir / host-name rules stand for:
     * the recorded log was redacted with them, so the live history is too before it is compared.
     */
    redact: z
      .array(
        z.union([
          z.strictObject({ rule: z.string().min(1), token: z.string().min(1) }),
          z.strictObject({ pattern: z.string().min(1), token: z.string().min(1) }),
        ]),
      )
      .default([]),
    identity: z.strictObject({ home: z.string().optional(), hostname: z.string().optional() }).default({}),
    /** The `normalize:` rules the recorded log was written with: the live history is normalized alike. */
    normalize: z.array(NormalizeRuleSchema).default([]),
    /**
     * Where the problems no host took through verify() are written when this recording is retired,
     * as JSON (`{ scenario, problems }`, problems [] when there were none): how a host that runs dsh
     * as a process reads them as data. They go to stderr as well, for a person.
     */
    report: z.string().min(1).optional(),
  })
  .prefault({})

export type ReplayConfig = z.infer<typeof Config>
export type ReplayConfigInput = z.input<typeof Config>

export class ReplayService extends Service {
  static readonly provide = 'replay'
  // `sessions` is optional: replay only listens to its events, and looks a restored session's cwd up in it.
  static readonly inject = { llm: { required: true }, sessions: { required: false } }
  static readonly Config = Config

  // Set at init, or by the scope the composition starts in (joinScope enters it at once).
  private player!: ReplayPlayer
  /** Test-only pauses before served chunks (DSH_REPLAY_JITTER; jitter.ts). */
  private jitter?: Jitter
  /** Pending hangs, released with an error if the plugin stops while a turn is still waiting. */
  private readonly hangs = new Set<(error?: Error) => void>()

  /** `ctx.plugin(ReplayService, config)` takes the input side; Cordis parses it with `Config` before constructing. */
  constructor(ctx: Context, config: ReplayConfigInput)
  constructor(
    ctx: Context,
    private config: ReplayConfig,
  ) {
    super(ctx, 'replay')
  }

  *[Service.init]() {
    this.jitter = parseJitter(process.env.DSH_REPLAY_JITTER)
    // A test host's scenario scope (plugins/scope) names the recording to serve while it lasts; a
    // composition that starts in one (a host's, `dsh serve --scope`) never reads the config's.
    if (!this.ctx.get('scope')?.current) this.install(this.newPlayer(this.config))
    // The composition is provided once its entries are up: stand in for its turned-off adapters then.
    this.ctx.inject(['composition'], (ctx) => {
      for (const adapter of disabledNetworkAdapters(composedAdapters(ctx.get('composition'))))
        ctx.llm.register(standIn(adapter, answeredByReplay), ctx)
    })
    joinScope(this.ctx, {
      enter: (scope) => this.serve(scope.replay ?? { scenario: `${scope.name} (records: replay serves nothing)` }),
    })
    this.ctx.on('session/created', (header) => this.bindCreated(header))
    // The live project instructions, compared with the recorded ones at each model call (instructions-drift.ts).
    this.ctx.on('session/event', (sessionId, event) => {
      if (event.type === 'project/instructions') this.player.noteInstructions(sessionId, event.data.files)
    })
    this.ctx.on('llm/stream', (request) => this.answer(request))
    // A recorded backoff replays without sleeping; the agent still logs the wait it would have made.
    this.ctx.llm.useScheduler((_ms, signal, call) => this.backoff(signal, call), this.ctx)
    yield () => this.retirePlayer()
  }

  /**
   * Serve another recording from now on, as a restart with `config` would: the current player is
   * retired as at shutdown (hangs released, unverified problems on stderr), and a new one starts on
   * the new fixtures with no session bound. Entering a scenario scope does this.
   */
  private serve(config: ReplayScope): void {
    const parsed = Config.parse({ ...config, sessions: config.sessions ?? [] })
    // Fixtures that do not load leave the current player as it was.
    const next = this.newPlayer(parsed)
    this.retirePlayer()
    this.config = parsed
    this.install(next)
    this.verified = false
  }

  /** Problems met while serving (drift, exhausted, extra session), in order. */
  get errors(): readonly ReplayProblem[] {
    return this.player.errors
  }

  /** What replay could not check, once per log (a log written before `model/request` records). */
  get notes(): readonly string[] {
    return this.player.notes
  }

  /** Script entries no request has taken yet. */
  unconsumed(): UnconsumedEntry[] {
    return this.player.unconsumed()
  }

  /** Throw a ReplayVerificationError listing every problem and unconsumed entry; call before disposing. */
  verify(): void {
    this.verified = true
    this.player.verify()
  }

  /** Set once a host has taken the problems through verify(); shutdown then does not repeat them. */
  private verified = false

  /** A player of every fixture `config` names, bound to the sessions the store created before it. */
  private newPlayer(config: ReplayConfig): { player: ReplayPlayer; models: string[] } {
    const sources = resolveSources(config, process.env, process.cwd())
    const redact = redactor(config.redact, config.identity)
    const normalize = normalizer(config.normalize)?.text
    const options = { scenario: sources.scenario, drift: config.drift, redact, normalize }
    const fixtures = loadFixturesOrExplain(sources)
    const player = new ReplayPlayer(fixtures, options)
    // Sessions created before replay started still bind in creation order.
    for (const header of this.sessions()?.created?.() ?? []) bindHeader(player, header)
    return { player, models: recordedModels(fixtures.flatMap((session) => session.historyEvents)) }
  }

  /**
   * Serve with `player`. The model picker and auth methods are the recording's: replay stands in for
   * the network adapters the replay overlay turned off (init, above), and serves any model its
   * recording used besides.
   */
  private install({ player, models }: { player: ReplayPlayer; models: string[] }): void {
    this.player = player
    // Most scenarios of a corpus use the same models: keep their registration (a Cordis effect each time).
    const key = models.join('\n')
    if (key === this.registeredModels) return
    this.unregisterModels?.()
    const registration: AdapterRegistration = {
      label: 'replay',
      models,
      network: false,
      standsInFor: 'the recording',
      stream: answeredByReplay,
    }
    this.unregisterModels = models.length ? this.ctx.llm.register(registration, this.ctx) : undefined
    this.registeredModels = key
  }

  private unregisterModels: (() => void) | undefined
  private registeredModels: string | undefined

  private bindCreated(header: Pick<SessionHeader, 'id' | 'cwd' | 'parentSession' | 'spawn'>): void {
    bindHeader(this.player, header)
  }

  private answer(request: LlmRequest): AsyncIterable<StreamChunk> {
    if (!this.player.isBound(request.sessionId)) {
      // Never created in this process (e.g. restored with session/load): bind on first request.
      this.seedInstructions(request.sessionId)
      this.player.bind(request.sessionId, cwdSpellings(this.lookupCwd(request.sessionId)), {
        turn: request.turn,
        step: request.step,
      })
    }
    return this.play(this.player.take(request), request.signal)
  }

  private async *play(serving: Serving, signal: AbortSignal): AsyncGenerator<StreamChunk> {
    if (serving.kind === 'fail') throw toLlmError(serving.problem)
    const { entry } = serving
    yield* this.jitter ? jittered(serving.chunks, this.jitter) : serving.chunks
    if (entry.kind === 'hang') return await this.hang(signal)
    if (entry.kind === 'throw') throw new LlmError(entry.message, entry.code, entry.status)
  }

  /**
   * A backoff on replay: none when the recording made the next attempt; when it did not (the user
   * cancelled during the wait), wait for the cancel as the recorded run did.
   */
  private backoff(signal: AbortSignal, call: CallIdentity | undefined): Promise<void> {
    if (!call || this.player.hasCall({ ...call, attempt: call.attempt + 1 })) return Promise.resolve()
    return this.hang(signal)
  }

  /** Yield nothing until the request is cancelled, as a stalled provider would. */
  private hang(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const release = (error?: Error) => {
        signal.removeEventListener('abort', onAbort)
        this.hangs.delete(release)
        if (error) reject(error)
        else resolve()
      }
      const onAbort = () => release()
      if (signal.aborted) return resolve()
      signal.addEventListener('abort', onAbort, { once: true })
      this.hangs.add(release)
    })
  }

  /** The session store, when one is loaded (it is an optional dependency). */
  private sessions(): SessionDirectory | undefined {
    return this.ctx.get('sessions')
  }

  /** A restored session's project instructions as its log last recorded them (later ones arrive as events). */
  private seedInstructions(sessionId: string): void {
    try {
      const events = this.sessions()?.read?.(sessionId).events ?? []
      const last = events.findLast((event) => event.type === 'project/instructions')
      if (last) this.player.noteInstructions(sessionId, (last.data as { files: InstructionFileRecord[] }).files)
    } catch {
      // Unreadable: the model calls compare with no instructions, and a drift names the files.
    }
  }

  /** A restored session's cwd, from its persisted header; unknown if the store cannot read it. */
  private lookupCwd(sessionId: string): string | undefined {
    try {
      return this.sessions()?.read?.(sessionId).header.cwd
    } catch {
      return undefined
    }
  }

  private retirePlayer(): void {
    // The first scope a composition starts in finds no player to retire.
    if (this.player === undefined) return
    for (const release of [...this.hangs])
      release(new LlmError('llm-replay stopped while a replayed "hang" was still waiting for cancel', 'REPLAY_STOPPED'))
    // A subprocess host has no verify(): every problem (drift, exhausted, extra session,
    // unconsumed) goes to its report file as data, and to stderr, one `llm-replay: CODE:` line each.
    // A host that took the problems through verify() reads the notes too (the `notes` getter).
    if (this.verified) return
    for (const note of this.player.notes) process.stderr.write(`llm-replay: note: ${note}\n`)
    const problems = [...this.player.errors, ...this.player.unconsumedProblems()]
    for (const problem of problems) {
      process.stderr.write(`llm-replay: ${problem.code}: ${problem.message.replaceAll('\n', ' ')}\n`)
    }
    if (this.config.report) writeReport(this.config.report, { scenario: this.config.scenario, problems })
  }
}

/** What replay reads from the `sessions` service, by shape: the header vocabulary, not the store's internals. */
interface SessionDirectory {
  created?(): ReadonlyArray<Pick<SessionHeader, 'id' | 'cwd' | 'parentSession' | 'spawn'>>
  read?(id: string): { header: Pick<SessionHeader, 'cwd'>; events: ReadonlyArray<{ type: string; data: unknown }> }
}

/** The cwd as created and as the OS resolves it (a symlinked tmp dir shows up both ways in tool output). */
function cwdSpellings(cwd: string | undefined): string[] {
  if (!cwd) return []
  try {
    const real = realpathSync(cwd)
    return real === cwd ? [cwd] : [cwd, real]
  } catch {
    return [cwd]
  }
}

export const name = 'llm-replay'
export default ReplayService

/** A corrupt fixture is reported by its message alone (file and line), not with a stack trace. */
function loadFixturesOrExplain(sources: Parameters<typeof loadFixtures>[0]) {
  try {
    return loadFixtures(sources)
  } catch (error) {
    throw asFixtureLoadError(error)
  }
}

/** A subagent's session binds through the call that spawned it; any other in creation order. */
function bindHeader(player: ReplayPlayer, header: Pick<SessionHeader, 'id' | 'cwd' | 'parentSession' | 'spawn'>) {
  const { parentSession, spawn } = header
  const child = parentSession && spawn ? { parentSession, spawn } : undefined
  player.bind(header.id, cwdSpellings(header.cwd), undefined, child)
}

/** Never reached: replay answers `llm/stream` before the adapter dispatch. */
function answeredByReplay(request: LlmRequest): AsyncIterable<StreamChunk> {
  throw new LlmError(`llm-replay answers model "${request.model}" through llm/stream, not as an adapter`, 'INTERNAL')
}
