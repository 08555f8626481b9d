// What a write will really change, for the approval question: a path that leads through a
// symlink inside the cwd names the file it writes, so the user approves that file.
import type { ConfinedPath } from './confine.ts'

/** `title`, plus `(writes <real path>)` when the confined target is not the path as asked. */
export function withRealTarget(title: string, target: ConfinedPath): string {
  if (!target.ok) return title
  return target.realDisplay === target.display ? title : `${title} (writes ${target.realDisplay})`
}
