// The case cwd and undoing everything done in it: a temp cwd is removed whole; a user's --cwd
// is snapshotted before the case (seed files included) and put back afterwards, so files the
// agent created, overwrote or deleted with its own tools are restored too (dir-snapshot.ts).
import { lstat, mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { resolveInside } from '../../lib/acp-client/resolve-inside.ts'
import { restoreSnapshot, takeSnapshot, type DirSnapshot } from './dir-snapshot.ts'

export class CwdLedger {
  private snapshot: DirSnapshot | undefined

  /** `temporary`: the runner made this folder and removes it whole. */
  constructor(
    readonly root: string,
    readonly temporary: boolean,
  ) {}

  /** Before anything is written: remember a given --cwd as it is (throws SnapshotError when too large). */
  async begin(): Promise<void> {
    if (!this.temporary) this.snapshot = await takeSnapshot(this.root)
  }

  /**
   * The real location of `rel`, refusing symlinks that lead out of the cwd (checked on the
   * deepest part of the path that exists); undefined when it would escape.
   */
  async resolveInside(rel: string): Promise<string | undefined> {
    return resolveInside(this.root, rel)
  }

  /** Write a file for a seed or an fs/write_text_file; cleanup undoes it. */
  async write(rel: string, content: string, options: { refuseExisting?: boolean } = {}): Promise<void> {
    const path = join(this.root, rel)
    const exists = await lstat(path).then(
      () => true,
      () => false,
    )
    if (options.refuseExisting && exists)
      throw new Error(
        `${rel} already exists in ${this.root}; the runner does not overwrite files it did not create (use a fresh ` +
          `--cwd or drop the seed file)`,
      )
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, content)
  }

  /** Undo everything; returns what could not be undone (empty when clean). */
  async cleanup(): Promise<string[]> {
    if (this.temporary)
      return rm(this.root, { recursive: true, force: true }).then(
        () => [],
        (error: Error) => [`could not remove the temp cwd ${this.root}: ${error.message}`],
      )
    if (this.snapshot === undefined) return []
    const problems = await restoreSnapshot(this.root, this.snapshot)
    this.snapshot = undefined
    return problems.map((problem) => `--cwd ${this.root}: ${problem}`)
  }
}
