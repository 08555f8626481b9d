// Whether a path lies inside a folder, decided on the paths as given (no file system access).
import path from 'node:path'

/** `target` relative to `base` when it lies inside (or is) `base`, else undefined. */
export function relativeInside(base: string, target: string): string | undefined {
  const relative = path.relative(base, target)
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return undefined
  return relative
}
