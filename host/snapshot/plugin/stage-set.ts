// The stages a batch of the snapshot service plays on (./stage.ts).
import type { Context } from 'cordis'
import type { LoadedScenario } from '../scenario/discover.ts'
import { scenarioOverlayFiles } from './patches.ts'
import { Stage } from './stage.ts'

/**
 * The stages of one batch: the service's own composition, and a sibling composition booted once per
 * distinct set of overlays and environment. Each sibling is an effect of the service, so disposing
 * the service (dsh stopping mid-batch) disposes the compositions it booted.
 */
export class StageSet {
  private readonly stages = new Map<string, Promise<{ stage: Stage; close(): Promise<void> }>>()

  constructor(
    private readonly ctx: Context,
    private readonly repoRoot: string,
    /** The service's own composition: one stage for the service's life, its entries kept up between batches. */
    private readonly liveStage: () => Stage,
  ) {}

  async for(scenario: LoadedScenario): Promise<Stage> {
    const overlays = scenarioOverlayFiles(this.repoRoot, scenario)
    const environment = scenario.manifest.environment
    const key = JSON.stringify([overlays, environment])
    let stage = this.stages.get(key)
    if (!stage) {
      const own = !overlays.length && !Object.keys(environment).length
      stage = own ? this.live() : this.boot(overlays, environment)
      this.stages.set(key, stage)
    }
    return (await stage).stage
  }

  /** The live stage settled (back to rest only if a scenario left it in doubt), the siblings disposed. */
  async close(): Promise<void> {
    for (const stage of this.stages.values()) await (await stage.catch(() => undefined))?.close()
  }

  private async live() {
    const stage = this.liveStage()
    return { stage, close: () => stage.settle() }
  }

  private async boot(overlays: readonly string[], environment: Record<string, string>) {
    const stage = await Stage.boot(this.ctx, overlays, environment)
    try {
      const dispose = this.ctx.effect(() => () => stage.close(), 'snapshot: a sibling composition')
      return { stage, close: async () => dispose() }
    } catch (error) {
      // The service stopped while this composition booted.
      await stage.close()
      throw error
    }
  }
}
