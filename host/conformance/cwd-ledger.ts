// The runner's writes into a case cwd, so they can be undone: a temp cwd is removed whole; in a
// user's --cwd, files the runner created are deleted, files it overwrote get their old content
// back, and folders it created are removed when empty.
import { lstat, mkdir, readFile, realpath, rm, rmdir, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path'

/** Where `requested` (an absolute path) lies inside `cwd`, lexically; undefined when outside. */
export function insideCwd(cwd: string, requested: string): string | undefined {
  if (!isAbsolute(requested)) return undefined
  const rel = relative(cwd, normalize(requested))
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return undefined
  return rel
}

export class CwdLedger {
  private created: string[] = []
  private createdDirs: string[] = []
  private overwritten = new Map<string, Buffer>()

  /** `temporary`: the runner made this folder and removes it whole. */
  constructor(
    readonly root: string,
    readonly temporary: boolean,
  ) {}

  /**
   * The real location of `rel`, refusing symlinks that lead out of the cwd (checked on the
   * deepest part of the path that exists); undefined when it would escape.
   */
  async resolveInside(rel: string): Promise<string | undefined> {
    const realRoot = await realpath(this.root)
    let probe = join(this.root, rel)
    for (;;) {
      try {
        const real = await realpath(probe)
        return real === realRoot || insideCwd(realRoot, real) !== undefined ? join(this.root, rel) : undefined
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        const parent = dirname(probe)
        if (parent === probe) return undefined
        probe = parent
      }
    }
  }

  /** Write a file for a seed or an fs/write_text_file, remembering how to undo it. */
  async write(rel: string, content: string, options: { refuseExisting?: boolean } = {}): Promise<void> {
    const path = join(this.root, rel)
    const existing = await lstat(path).then(
      () => true,
      () => false,
    )
    if (existing && options.refuseExisting)
      throw new Error(
        `${rel} already exists in ${this.root}; the runner does not overwrite files it did not create (use a fresh --cwd or drop the seed file)`,
      )
    if (!this.temporary) {
      if (existing) {
        if (!this.overwritten.has(path) && !this.created.includes(path))
          this.overwritten.set(path, await readFile(path))
      } else {
        await this.makeParents(dirname(path))
        this.created.push(path)
      }
    } else {
      await mkdir(dirname(path), { recursive: true })
    }
    await writeFile(path, content)
  }

  private async makeParents(dir: string) {
    const missing: string[] = []
    for (
      let d = dir;
      !(await lstat(d).then(
        () => true,
        () => false,
      ));
      d = dirname(d)
    )
      missing.unshift(d)
    for (const d of missing) {
      await mkdir(d)
      this.createdDirs.push(d)
    }
  }

  /** Undo everything; returns what could not be undone (empty when clean). */
  async cleanup(): Promise<string[]> {
    const problems: string[] = []
    const attempt = async (what: string, action: () => Promise<unknown>) => {
      try {
        await action()
      } catch (error) {
        problems.push(`could not ${what}: ${(error as Error).message}`)
      }
    }
    if (this.temporary) {
      await attempt(`remove the temp cwd ${this.root}`, () => rm(this.root, { recursive: true, force: true }))
      return problems
    }
    for (const path of this.created.reverse()) await attempt(`remove ${path}`, () => rm(path, { force: true }))
    for (const [path, content] of this.overwritten) await attempt(`restore ${path}`, () => writeFile(path, content))
    for (const dir of this.createdDirs.reverse())
      await rmdir(dir).catch(() => {
        /* not empty: the agent put files there; leave them */
      })
    this.created = []
    this.createdDirs = []
    this.overwritten.clear()
    return problems
  }
}
