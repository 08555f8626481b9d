// The stages one batch played on, settled when it ends (service.ts). A sibling the stage set
// disposed meanwhile (./stage-set.ts keeps a few) has nothing to settle and is let go at once:
// held to the end of a long batch (`dsh test` runs the whole corpus as one), every sibling ever
// booted stayed in memory with its whole composition, ~90 KB per patched scenario (issue 44 item 3,
// docs/benchmarks.md).

/** What a batch needs of a stage: whether it was disposed, and settling it. */
interface SettledStage {
  readonly isClosed: boolean
  settle(): Promise<void>
}

export class UsedStages<S extends SettledStage> {
  private readonly stages = new Set<S>()

  add(stage: S): void {
    for (const old of this.stages) if (old.isClosed) this.stages.delete(old)
    this.stages.add(stage)
  }

  /** The stages still held, in order of first use. */
  get held(): readonly S[] {
    return [...this.stages]
  }

  async settleAll(): Promise<void> {
    for (const stage of this.stages) await stage.settle()
  }
}
