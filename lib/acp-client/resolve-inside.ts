// Where an editor may read and write: an absolute path inside the session cwd, lexically and
// after symlinks (a link inside the cwd that points out of it is refused like `../x`).
import { realpath } from 'node:fs/promises'
import { dirname, isAbsolute, join, normalize } from 'node:path'
import { relativeInside } from '../path-inside.ts'

/** Where `requested` (an absolute path) lies inside `cwd`, lexically; undefined when outside. */
export function insideCwd(cwd: string, requested: string): string | undefined {
  if (!isAbsolute(requested)) return undefined
  return relativeInside(cwd, normalize(requested)) || undefined
}

/**
 * `root/rel` when its real path (that of its nearest existing ancestor, for a file not yet
 * written) stays inside the real `root`; undefined when a symlink leads out.
 */
export async function resolveInside(root: string, rel: string): Promise<string | undefined> {
  const realRoot = await realpath(root)
  let probe = join(root, rel)
  for (;;) {
    try {
      const real = await realpath(probe)
      return real === realRoot || insideCwd(realRoot, real) !== undefined ? join(root, rel) : undefined
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      const parent = dirname(probe)
      if (parent === probe) return undefined
      probe = parent
    }
  }
}
