// A composition scenarios are played on. Between scenarios only the scenario-bound entries change
// (session root, replay fixtures; the cwd is the driver's): one in-memory patch re-applied on the
// live Loader (plugins/config/live-composition.ts), which restarts just those entries and the
// plugins that depend on them. Between scenarios those entries rest (disabled): stopping them,
// consumers first, lets the agent finish its turns and write its last events as it would at
// shutdown before the logs are read, and the next scenario starts them afresh.
import type { Context } from 'cordis'
import { bootComposition, type BootedComposition } from '../../../plugins/config/boot.ts'
import { describeFiberOrigin, entryIdOf } from '../../../plugins/config/cordis-compat.ts'
import type { LiveComposition, Patch, PatchSource } from '../../../plugins/config/index.ts'
import type {} from '../../../plugins/llm-replay/index.ts'
import type { RawCapture } from '../env/capture.ts'
import { inFixtureOrder } from '../core/normalize/log-order.ts'
import type { PreparedRun } from '../env/prepare.ts'
import { hostPatch, scenarioEntries } from './patches.ts'
import { openBridge } from './bridge.ts'
import { assertReplayOnly } from './guard.ts'
import { driveScenario } from './driver/driver.ts'
import { SessionRecorder } from './session-recorder.ts'

export type StageRun = PreparedRun & { modelBaseUrl?: string }

export class Stage {
  /** Set when a scenario left the composition in doubt (it threw, or a plugin failed): restart all first. */
  private dirty = false
  private readonly diagnostics: string[] = []
  private recording = false
  private readonly stopListening: (() => void)[] = []

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

  /** Play one prepared run: reconfigure, drive input.json over ACP, verify replay, keep both surfaces. */
  async play(run: StageRun, timeoutMs: number): Promise<RawCapture> {
    const failures: string[] = []
    const name = run.scenario.name
    const patch = hostPatch(run)
    this.diagnostics.length = 0
    this.recording = true
    let messages: readonly object[] = []
    const sessions = new SessionRecorder(this.ctx, run.restoredLogs)
    try {
      if (this.dirty) await this.restartAll()
      // What the previous scenario's failed plugins say while they stop is not this scenario's.
      this.diagnostics.length = 0
      this.dirty = true
      await this.composition.reconfigure([scenarioEntries(true, run.mode), patch])
      if (this.diagnostics.length)
        throw new Error(`the composition did not start for this scenario:\n${this.diagnostics.join('\n')}`)
      if (run.mode !== 'record') assertReplayOnly(this.ctx)
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
      // Back to rest, consumers first as a disposing composition does: the agent's shutdown ends
      // its turns and logs them, then replay and the session store stop; the next scenario starts
      // them afresh (replay keeps per-run state even when the next scenario's fixtures are the same).
      await this.composition.reconfigure([AT_REST])
      failures.push(...this.diagnostics.map((line) => `${name}: ${line}`))
      this.dirty = this.diagnostics.length > 0
    } finally {
      this.recording = false
      sessions.stop()
    }
    const logs = inFixtureOrder(sessions.recorded(), messages)
    return { surfaces: () => ({ messages, logs }), failures }
  }

  /** Done with this stage: the live composition goes back to how it started, a sibling is disposed. */
  async close(): Promise<void> {
    for (const stop of this.stopListening.splice(0)) stop()
    if (this.booted) return this.booted.dispose()
    if (this.dirty) await this.restartAll()
    await this.composition.reconfigure([AT_REST])
  }

  /** Every entry but the host's own stops, then starts afresh with the next patch. */
  private async restartAll(): Promise<void> {
    const patches = this.composition.entries
      .filter((entry) => entry.id !== this.hostEntryId)
      .map((entry) => ({ id: entry.id, disabled: true }) satisfies Patch)
    await this.composition.reconfigure([{ source: 'snapshot host: restart every entry', patches }])
    this.dirty = false
  }
}

function liveComposition(ctx: Context): LiveComposition {
  const composition = ctx.get('composition')
  if (!composition)
    throw new Error('the snapshot host needs the config plugin: boot dsh through plugins/config/boot.ts')
  return composition
}

const AT_REST = scenarioEntries(false)
