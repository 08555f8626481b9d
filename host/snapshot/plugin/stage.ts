// A composition scenarios are played on. The entries that hold a scenario's state (session,
// llm-replay, agent, acp) wake once, through the live Loader (plugins/config/live-composition.ts),
// and then stay up between scenarios: each scenario hands its own values (session root, replay
// fixtures; the cwd is the driver's) to their services, which start over in place, and at its end
// the agent ends its sessions (their turns write their endings, as at shutdown) and the store
// closes every log before the logs are read. Restarting them per scenario cost more than the rest
// of a run (docs/benchmarks.md). Recording wakes and stops them around each scenario instead: its
// model endpoint is per scenario, and it is not timed.
import type { Context } from 'cordis'
import { bootComposition, type BootedComposition } from '../../../plugins/config/boot.ts'
import { describeFiberOrigin, entryIdOf } from '../../../plugins/config/cordis-compat.ts'
import type { InMemoryPatches, LiveComposition, Patch, PatchSource } from '../../../plugins/config/index.ts'
import type {} from '../../../plugins/agent/index.ts'
import type {} from '../../../plugins/llm-replay/index.ts'
import type {} from '../../../plugins/session/index.ts'
import type { RawCapture } from '../env/capture.ts'
import { inFixtureOrder } from '../core/normalize/log-order.ts'
import type { PreparedRun } from '../env/prepare.ts'
import { hostPatch, idlePatch, replayConfig, scenarioEntries } from './patches.ts'
import { openBridge } from './bridge.ts'
import { assertReplayOnly } from './guard.ts'
import { driveScenario } from './driver/driver.ts'
import { SessionRecorder } from './session-recorder.ts'

export type StageRun = PreparedRun & { modelBaseUrl?: string }

export class Stage {
  /** Set when a scenario left the composition in doubt (it threw, or a plugin failed): restart all first. */
  private dirty = false
  /** The scenario entries run with idle values (replay, refresh): a scenario hands its own to their services. */
  private awake = false
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

  /** Play one prepared run: entries up with its values, drive input.json over ACP, verify replay, keep the surfaces. */
  async play(run: StageRun, timeoutMs: number): Promise<RawCapture> {
    const failures: string[] = []
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
        if (run.mode !== 'record') {
          try {
            this.ctx.get('replay')?.verify()
          } catch (error) {
            failures.push((error as Error).message)
          }
        }
      } finally {
        messages = bridge.messages().slice()
        await bridge.close()
      }
      await leave()
      failures.push(...this.diagnostics.map((line) => `${name}: ${line}`))
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
    if (this.dirty && !this.closed) await this.rest()
  }

  /** A sibling composition (./stage-set.ts) is done: disposed. The service's own stage is never closed. */
  async close(): Promise<void> {
    this.closed = true
    for (const stop of this.stopListening.splice(0)) stop()
    await this.booted?.dispose()
  }

  /** The scenario's entries up with its own values; returns what ends the scenario before its logs are read. */
  private async enter(run: StageRun): Promise<() => Promise<void>> {
    if (this.dirty) await this.restartAll()
    // What the previous scenario's failed plugins say while they stop is not this scenario's.
    this.diagnostics.length = 0
    this.dirty = true
    if (run.mode === 'record') {
      this.awake = false
      await this.reconfigure([scenarioEntries(true, run.mode), hostPatch(run)])
      return () => this.reconfigure([AT_REST])
    }
    if (!this.awake) {
      await this.reconfigure([scenarioEntries(true, run.mode), idlePatch(run.sessionsRoot)])
      assertReplayOnly(this.ctx)
      this.awake = true
    }
    const { sessions, replay, agent } = scenarioServices(this.ctx)
    sessions.reset(run.sessionsRoot)
    replay.load(replayConfig(run))
    return async () => {
      await agent.closeSessions()
      sessions.reset()
    }
  }

  /** Re-apply the composition with `patches`; a plugin that failed to start fails the scenario. */
  private async reconfigure(patches: readonly InMemoryPatches[]): Promise<void> {
    await this.composition.reconfigure(patches)
    if (this.diagnostics.length)
      throw new Error(`the composition did not start for this scenario:\n${this.diagnostics.join('\n')}`)
  }

  /** The scenario entries stop (after a restart of everything when a scenario left the composition in doubt). */
  private async rest(): Promise<void> {
    if (this.dirty) await this.restartAll()
    await this.composition.reconfigure([AT_REST])
    this.awake = false
  }

  /** Every entry but the host's own stops, then starts afresh with the next patch. */
  private async restartAll(): Promise<void> {
    const patches = this.composition.entries
      .filter((entry) => entry.id !== this.hostEntryId)
      .map((entry) => ({ id: entry.id, disabled: true }) satisfies Patch)
    await this.composition.reconfigure([{ source: 'snapshot host: restart every entry', patches }])
    this.dirty = false
    this.awake = false
  }
}

/** The services a scenario's values go to; each is up while the scenario entries are awake. */
function scenarioServices(ctx: Context) {
  const sessions = ctx.get('sessions')
  const replay = ctx.get('replay')
  const agent = ctx.get('agent')
  if (!sessions || !replay || !agent)
    throw new Error(
      'the scenario entries did not stay up between scenarios (session, llm-replay, agent): run dsh config to see ' +
        'what disables them',
    )
  return { sessions, replay, agent }
}

function liveComposition(ctx: Context): LiveComposition {
  const composition = ctx.get('composition')
  if (!composition)
    throw new Error('the snapshot host needs the config plugin: boot dsh through plugins/config/boot.ts')
  return composition
}

const AT_REST = scenarioEntries(false)
