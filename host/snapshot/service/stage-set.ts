// The stages the snapshot service plays on (./stage.ts): its own composition, and sibling
// compositions for scenarios whose overlays or environment differ. A sibling lives as long as the
// service, like the service's own stage: a batch of one scenario (runOne, each vitest scenario
// file) plays on the sibling an earlier batch booted instead of booting its own (a boot costs more
// than a typical scenario). The overlay files are keyed as they are on disk, so an edited overlay
// boots a new sibling; at most MAX_SIBLINGS stay up, the least recently used is disposed first.
import { statSync } from 'node:fs'
import type { Context } from 'cordis'
import type { LoadedScenario } from '../scenario/discover.ts'
import type { RunMode } from '../model/modes.ts'
import { scenarioOverlays } from './patches.ts'
import { Stage } from './stage.ts'

const MAX_SIBLINGS = 8

interface Sibling {
  stage: Stage
  close(): Promise<void>
}

/** An overlay file with what says it changed: an edited file is another composition. */
function stamped(file: string): [string, number, number] {
  const { mtimeMs, size } = statSync(file)
  return [file, mtimeMs, size]
}

export class StageSet {
  /** In order of use, the most recent last. */
  private readonly siblings = new Map<string, Promise<Sibling>>()

  constructor(
    private readonly ctx: Context,
    /** The service's own composition: one stage for the service's life, its entries kept up between batches. */
    private readonly liveStage: () => Stage,
  ) {}

  async for(repoRoot: string, scenario: LoadedScenario, mode: RunMode): Promise<Stage> {
    const overlays = scenarioOverlays(repoRoot, scenario, mode)
    const environment = scenario.manifest.environment
    if (!overlays.length && !Object.keys(environment).length) return this.liveStage()
    const key = JSON.stringify([overlays.map(stamped), environment])
    let sibling = this.siblings.get(key)
    this.siblings.delete(key)
    if (!sibling) {
      sibling = this.boot(overlays, environment)
      // A composition that could not boot is tried again by the next scenario that needs it.
      const booting = sibling
      booting.catch(() => this.siblings.get(key) === booting && this.siblings.delete(key))
    }
    this.siblings.set(key, sibling)
    // Booted first: a composition that fails to boot does not push out one that works.
    const { stage } = await sibling
    await this.disposeBeyond(MAX_SIBLINGS)
    return stage
  }

  private async disposeBeyond(limit: number): Promise<void> {
    for (const [key, sibling] of this.siblings) {
      if (this.siblings.size <= limit) return
      this.siblings.delete(key)
      await (await sibling.catch(() => undefined))?.close()
    }
  }

  private async boot(overlays: readonly string[], environment: Record<string, string>): Promise<Sibling> {
    const stage = await Stage.boot(this.ctx, overlays, environment)
    try {
      // An effect of the service: disposing the service (dsh stopping mid-batch) disposes it too.
      const dispose = this.ctx.effect(() => () => stage.close(), 'snapshot: a sibling composition')
      return { stage, close: async () => dispose() }
    } catch (error) {
      // The service stopped while this composition booted.
      await stage.close()
      throw error
    }
  }
}
