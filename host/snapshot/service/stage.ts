// A composition scenarios are played on. Its entries stay up between scenarios: each scenario is a
// scope (plugins/scope) the services that hold its state join, whatever their entry ids: entering
// hands them its values (session root, replay fixtures; the cwd is the driver's) and they start over
// in place; leaving ends its sessions (their turns write their endings, as at shutdown) and closes
// every log before the logs are read. Restarting them per scenario cost more than the rest of a run
// (docs/benchmarks.md). Recording with --stub also points the model adapters at the scenario's
// model server (model-stub.ts) and back.
import type { Context } from 'cordis'
import { bootComposition, type BootedComposition } from '../../../plugins/config/boot.ts'
import { describeFiberOrigin, entryIdOf } from '../../../plugins/config/cordis-compat.ts'
import type { InMemoryPatches, LiveComposition, Patch, PatchSource } from '../../../plugins/config/index.ts'
import { ReplayVerificationError } from '../../../plugins/llm-replay/index.ts'
import { ScopeRefusedError, type ScopeService } from '../../../plugins/scope/index.ts'
import type { RawCapture } from '../fixtures/capture.ts'
import type { Failure } from '../model/failure.ts'
import { inFixtureOrder } from '../core/normalize/log-order.ts'
import type { PreparedRun } from '../fixtures/prepare.ts'
import { scenarioScope } from './patches.ts'
import { openBridge } from './bridge.ts'
import { assertHostComposition, assertRecordingKey } from './guard.ts'
import { stubModels } from './model-stub.ts'
import { driveScenario } from './driver/driver.ts'
import { SessionRecorder } from './session-recorder.ts'

/** A prepared run; `modelStub` is the model server's URL when it records with --stub. */
export type StageRun = PreparedRun & { modelStub?: string }

export class Stage {
  /** Set when a scenario left the composition in doubt (it threw, or a plugin failed): restart all first. */
  private dirty = false
  private readonly diagnostics: string[] = []
  private recording = false
  private readonly stopListening: (() => void)[] = []
  /** A disposed sibling (./stage-set.ts) has nothing left to settle. */
  private closed = false

  private constructor(
    readonly ctx: Context,
    private readonly composition: LiveComposition,
    /** The host's own entry, kept running when everything else restarts. */
    private readonly hostEntryId: string | undefined,
    private readonly booted?: BootedComposition,
  ) {
    const record = (line: string) => {
      if (this.recording) this.diagnostics.push(line)
    }
    // After start the composition only speaks up when something went wrong (a plugin error, an
    // update that could not be sent): during a scenario that fails it, as in the subprocess host.
    this.stopListening.push(
      ctx.on('internal/error', function (this: unknown, error: unknown) {
        record(`dsh: ${describeFiberOrigin(this)}: ${error instanceof Error ? error.message : String(error)}`)
      }),
      ctx.on('internal/warn', (...args: unknown[]) => record(`dsh: warning: ${args.map(String).join(' ')}`)),
    )
  }

  /** The composition the service itself runs in. */
  static live(ctx: Context): Stage {
    return new Stage(ctx, liveComposition(ctx), entryIdOf(ctx))
  }

  /** A sibling composition: the live one's sources plus `overlays` (files), `!env` with `environment`. */
  static async boot(ctx: Context, overlays: readonly PatchSource[], environment: Record<string, string>) {
    const { base, sources } = liveComposition(ctx)
    const booted = await bootComposition({
      configFile: base.configFile,
      patches: [...sources.patches, ...overlays],
      env: { ...(sources.env ?? process.env), ...environment },
      // Its errors during a scenario are recorded by the stage's own listener, like the live one's.
      log: () => {},
    })
    return new Stage(booted.ctx, liveComposition(booted.ctx), entryIdOf(ctx), booted)
  }

  /** Play one prepared run: its scope entered, input.json driven over ACP, replay verified, the surfaces kept. */
  async play(run: StageRun, timeoutMs: number): Promise<RawCapture> {
    const failures: Failure[] = []
    const name = run.scenario.name
    this.diagnostics.length = 0
    this.recording = true
    let messages: readonly object[] = []
    const sessions = new SessionRecorder(this.ctx, run.restoredLogs)
    try {
      const leave = await this.enter(run)
      const bridge = openBridge(this.ctx)
      try {
        const result = await driveScenario({
          scenario: name,
          input: run.scenario.input,
          stream: bridge.clientStream,
          feed: sessions.feed,
          cwd: run.cwd.path,
          scenarioDir: run.scenario.dir,
          timeoutMs,
          predefined: run.predefined,
          unusedAnswers: run.scenario.manifest.permissions.unusedAnswers,
        })
        failures.push(...result.failures)
        if (run.mode !== 'record') failures.push(...verifyReplay(this.ctx, name))
      } finally {
        messages = bridge.messages().slice()
        await bridge.close()
      }
      await leave()
      failures.push(
        ...this.diagnostics.map((line): Failure => ({ kind: 'process', scenario: name, message: `${name}: ${line}` })),
      )
      this.dirty = this.diagnostics.length > 0
    } finally {
      this.recording = false
      sessions.stop()
    }
    const logs = inFixtureOrder(sessions.recorded(), messages)
    return { surfaces: () => ({ messages, logs }), failures }
  }

  /**
   * At a batch's end: a composition a scenario left in doubt goes back to rest; otherwise the
   * scenario entries stay up, idle (no session open, no turn running), for the next batch.
   */
  async settle(): Promise<void> {
    if (this.dirty && !this.closed) await this.restartAll()
  }

  /** Disposed (a sibling ./stage-set.ts let go): nothing to settle, nothing to hold on to. */
  get isClosed(): boolean {
    return this.closed
  }

  /** A sibling composition (./stage-set.ts) is done: disposed. The service's own stage is never closed. */
  async close(): Promise<void> {
    this.closed = true
    for (const stop of this.stopListening.splice(0)) stop()
    await this.booted?.dispose()
  }

  /** The scenario's scope entered; returns what leaves it (and undoes a --stub) before its logs are read. */
  private async enter(run: StageRun): Promise<() => Promise<void>> {
    if (this.dirty) await this.restartAll()
    // What the previous scenario's failed plugins say while they stop is not this scenario's.
    this.diagnostics.length = 0
    this.dirty = true
    const scope = scopeService(this.ctx)
    const stub = run.modelStub ? await stubModels(this.ctx, run.modelStub) : undefined
    try {
      if (this.diagnostics.length)
        throw new Error(`the composition did not start for this scenario:\n${this.diagnostics.join('\n')}`)
      assertHostComposition(this.ctx, run.mode)
      if (run.mode === 'record' && !stub) assertRecordingKey(this.ctx)
      await scope.enter(scenarioScope(run))
    } catch (error) {
      await stub?.restore()
      // The scenario names the scope already: its failure is what the participants said.
      throw error instanceof ScopeRefusedError ? new Error(error.refusals.join('; ')) : error
    }
    return async () => {
      await scope.leave()
      await stub?.restore()
    }
  }

  /** Re-apply the composition with `patches`; a plugin that failed to start fails the scenario. */
  private async reconfigure(patches: readonly InMemoryPatches[]): Promise<void> {
    await this.composition.reconfigure(patches)
    if (this.diagnostics.length)
      throw new Error(`the composition did not start for this scenario:\n${this.diagnostics.join('\n')}`)
  }

  /** Every entry but the host's own stops, then starts afresh as the composition says. */
  private async restartAll(): Promise<void> {
    const patches = this.composition.entries
      .filter((entry) => entry.id !== this.hostEntryId)
      .map((entry) => ({ id: entry.id, disabled: true }) satisfies Patch)
    await this.composition.reconfigure([{ source: 'snapshot host: restart every entry', patches }])
    await this.reconfigure([])
    this.dirty = false
  }
}

/** Replay's verification of one run: its problems, as data (none when every call was served and used). */
function verifyReplay(ctx: Context, scenario: string): Failure[] {
  try {
    ctx.get('replay')?.verify()
    return []
  } catch (error) {
    if (!(error instanceof ReplayVerificationError)) throw error
    return [{ kind: 'replay', scenario, message: error.message, problems: [...error.problems] }]
  }
}

/** The scope service every booted composition has (plugins/config/boot.ts). */
function scopeService(ctx: Context): ScopeService {
  const scope = ctx.get('scope')
  if (!scope) throw new Error('the snapshot host needs the scope service: boot dsh through plugins/config/boot.ts')
  return scope
}

function liveComposition(ctx: Context): LiveComposition {
  const composition = ctx.get('composition')
  if (!composition)
    throw new Error('the snapshot host needs the config plugin: boot dsh through plugins/config/boot.ts')
  return composition
}
