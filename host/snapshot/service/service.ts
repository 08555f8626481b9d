// The snapshot host as a Cordis service (`ctx.snapshot`), loaded as an entry by
// overlays/snapshot-host.cordis.yml. It runs scenarios inside the composition it is part of:
// prepares each, plays it on a stage (stage.ts), judges both surfaces and reports every
// scenario as a return value and as `snapshot/scenario-start` / `snapshot/scenario-end`.
import { resolve } from 'node:path'
import { type Context, Service } from 'cordis'
import { z } from 'zod'
import type { RunMode } from '../model/modes.ts'
import type { RawCapture } from '../fixtures/capture.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { playScenario, type RunScenarioOptions } from './play-scenario.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import type {} from './events.ts'
import { assertHostComposition } from './guard.ts'
import { selectScenarios } from './select.ts'
import { Stage, type StageRun } from './stage.ts'
import { StageSet } from './stage-set.ts'
import { UsedStages } from './used-stages.ts'
import { withModel } from './scenario-model.ts'
import type { TestComposition } from './patches.ts'

declare module 'cordis' {
  interface Context {
    snapshot: SnapshotService
  }
}

export const Config = z.strictObject({
  /** Comma-separated scenario names that `dsh` runs at start (DSH_SNAPSHOT_SCENARIOS); '' = none. */
  scenarios: z.string().default(''),
  /** The folder holding scenarios/ and overlays/; relative to the process cwd (default: the cwd). */
  root: z.string().min(1).default('.'),
  mode: z.enum(['replay', 'refresh', 'record']).default('replay'),
  /** Per wait of the driver, in milliseconds. */
  timeout: z.number().int().positive().default(10_000),
})
type SnapshotConfig = z.output<typeof Config>

interface ScenarioBatch {
  scenarios: readonly LoadedScenario[]
  /** Every scenario of the repository (a header class pin may live outside the batch). */
  corpus: readonly LoadedScenario[]
  repoRoot: string
  mode?: RunMode
  /** record / refresh: write `<file>.new` copies for `dsh review` instead of overwriting. */
  pending?: boolean
  /** record: refuse to write a recording with warnings. */
  strict?: boolean
  timeoutMs?: number
  signal?: AbortSignal
  /** The user's profile and patches: record finds the live adapters (or, with `stub`, their wires) in it. */
  composition?: TestComposition
  /** record: the model server answers from each scenario's model.yml instead of the live provider. */
  stub?: boolean
}

export interface BatchResult {
  outcomes: ScenarioOutcome[]
  interrupted: boolean
}

export class SnapshotService extends Service {
  static readonly provide = 'snapshot'
  static readonly Config = Config
  private queue: Promise<unknown> = Promise.resolve()
  /** The stage of this composition, made at the first scenario; its scenario entries stay up between batches. */
  private liveStage?: Stage
  /** This stage and the sibling compositions of scenarios with their own overlays, kept up between batches. */
  private readonly stages = new StageSet(this.ctx, () => this.stage())

  constructor(
    ctx: Context,
    readonly config: SnapshotConfig,
  ) {
    super(ctx, 'snapshot')
  }

  /** The names in the `scenarios` config (DSH_SNAPSHOT_SCENARIOS), selected and run; errors name what exists. */
  async runConfigured(signal?: AbortSignal): Promise<BatchResult> {
    const repoRoot = resolve(this.config.root)
    assertHostComposition(this.ctx, this.config.mode)
    const { scenarios, corpus } = await selectScenarios(repoRoot, this.config.scenarios, this.config.mode)
    const { mode, timeout: timeoutMs } = this.config
    return this.runBatch({ scenarios, corpus, repoRoot, mode, timeoutMs, signal })
  }

  /** One scenario, as a batch of one. */
  async runOne(scenario: LoadedScenario, options: Omit<RunScenarioOptions, 'subprocess'>): Promise<ScenarioOutcome> {
    const result = await this.runBatch({ ...options, scenarios: [scenario], corpus: options.corpus })
    const [outcome] = result.outcomes
    if (!outcome) throw new Error(`scenario ${scenario.name}: its batch of one ended without an outcome`)
    return outcome
  }

  /**
   * Run scenarios one after another in this composition; those whose overlays (or environment)
   * differ run in a sibling composition booted once per distinct set (./stage-set.ts). Afterwards
   * the scenario entries of every stage the batch used stay up, idle, for the next batch (back to
   * rest when a scenario left its composition in doubt); the siblings are disposed with the service.
   */
  runBatch(batch: ScenarioBatch): Promise<BatchResult> {
    return this.exclusive(() => this.runExclusive(batch))
  }

  /** Play one prepared run on the stage its scenario needs, as a batch would (the bench's agent path; no judging). */
  play(run: StageRun, timeoutMs: number): Promise<RawCapture> {
    return this.exclusive(async () => {
      assertHostComposition(this.ctx, run.mode)
      const stage = await this.stages.for(run.repoRoot, run.scenario, run.mode)
      try {
        return await stage.play(run, timeoutMs)
      } finally {
        await stage.settle()
      }
    })
  }

  /** One batch or run at a time: they share the composition's entries. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task)
    this.queue = next.catch(() => {})
    return next
  }

  private stage(): Stage {
    this.liveStage ??= Stage.live(this.ctx)
    return this.liveStage
  }

  private async runExclusive(batch: ScenarioBatch): Promise<BatchResult> {
    const mode = batch.mode ?? this.config.mode
    assertHostComposition(this.ctx, mode)
    const used = new UsedStages<Stage>()
    const outcomes: ScenarioOutcome[] = []
    const total = batch.scenarios.length
    try {
      for (const [position, scenario] of batch.scenarios.entries()) {
        if (batch.signal?.aborted) return { outcomes, interrupted: true }
        const where = { scenario: scenario.name, index: position + 1, total }
        this.ctx.emit('snapshot/scenario-start', where)
        const run = (extra: { modelStub?: string; env?: NodeJS.ProcessEnv }) =>
          playScenario(scenario, { ...batch, mode, ...extra }, async (prepared, timeoutMs) => {
            const stage = await this.stages.for(batch.repoRoot, scenario, mode)
            used.add(stage)
            return stage.play(prepared, timeoutMs)
          })
        const outcome = await withModel(scenario, mode, { ...batch, subprocess: false }, run)
        outcomes.push(outcome)
        this.ctx.emit('snapshot/scenario-end', { ...where, outcome })
      }
      return { outcomes, interrupted: !!batch.signal?.aborted }
    } finally {
      await used.settleAll()
    }
  }
}

export const name = 'snapshot'
export default SnapshotService
