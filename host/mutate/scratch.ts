// Where a run's instrumented copies live (a folder under the system temp folder, removed however
// the run ends: the user's files are only read) and the workers that load them. The workers may be
// started before the copies exist, so their boot (the process, the TypeScript loader, the
// composition's modules) overlaps instrumenting; a worker's module hook waits for a copy to appear
// (./hooks.ts), and each copy appears whole (written beside, then renamed).
import { rmSync } from 'node:fs'
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { resolveComposition } from '../snapshot/run/composition.ts'
import type { InstrumentedFile } from './instrument.ts'
import type { MutateOptions } from './options.ts'
import type { MutateWorkerSetup } from './protocol.ts'
import type { Target } from './targets.ts'
import { MutateWorkerProcess } from './worker-process.ts'

export type ResolvedOptions = MutateOptions & { composition: ReturnType<typeof resolveComposition> }

/** Worker processes a run uses: `--jobs`, else the cores. */
export const jobsOf = (options: Pick<MutateOptions, 'jobs'>) => Math.max(1, options.jobs ?? availableParallelism())

export class Scratch {
  private early: MutateWorkerProcess[] = []
  private readonly removeNow: () => void

  private constructor(
    readonly folder: string,
    readonly setup: MutateWorkerSetup,
    readonly fromSource: boolean,
  ) {
    // A second Ctrl-C exits at once: the copies still go.
    this.removeNow = () => rmSync(folder, { recursive: true, force: true })
    process.on('exit', this.removeNow)
  }

  /** The folder, and (`startWorkers`) the run's workers already booting, waiting for their copies. */
  static async open(targets: readonly Target[], options: ResolvedOptions, startWorkers: boolean): Promise<Scratch> {
    const folder = await mkdtemp(join(tmpdir(), 'dsh-mutate-'))
    const copies = Object.fromEntries(targets.map((target, index) => [target.absolute, join(folder, `${index}.mjs`)]))
    const setup = { repoRoot: options.root, composition: options.composition, copies, timeoutMs: options.timeoutMs }
    const scratch = new Scratch(
      folder,
      setup,
      targets.some((target) => target.ownSource),
    )
    if (startWorkers) scratch.early = Array.from({ length: jobsOf(options) }, () => scratch.spawn())
    return scratch
  }

  /** Each target's instrumented copy, in the order of the targets given to open. */
  async write(instrumented: readonly InstrumentedFile[]): Promise<void> {
    for (const [index, copy] of Object.values(this.setup.copies).entries()) {
      const file = instrumented[index]
      if (!file) throw new Error(`dsh mutate: no instrumented code for ${copy} (target ${index + 1})`)
      await writeFile(`${copy}.tmp`, file.code)
      await rename(`${copy}.tmp`, copy)
    }
  }

  /** A worker process, booting (`activeMutant`: a static mutant, active from module load on). */
  spawn(activeMutant?: string): MutateWorkerProcess {
    return new MutateWorkerProcess(this.setup, { fromSource: this.fromSource, activeMutant })
  }

  /** `count` workers: those started with the folder first, then new ones. */
  workers(count: number): MutateWorkerProcess[] {
    const taken = this.early.splice(0, count)
    return [...taken, ...Array.from({ length: count - taken.length }, () => this.spawn())]
  }

  /** Workers started early and never used are stopped; the folder goes. */
  async close(): Promise<void> {
    await Promise.all(this.early.splice(0).map((worker) => worker.stop(0)))
    process.off('exit', this.removeNow)
    await rm(this.folder, { recursive: true, force: true })
  }
}
