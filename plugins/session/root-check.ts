// A sessions root that cannot hold logs (a file, or a folder under a file, or not writable)
// fails the session entry's config at boot, naming the root and where it was configured,
// instead of failing the first session/new (issue 14, item 11).
import { accessSync, constants, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const HINT = "set the session entry's root (or DSH_SESSIONS_ROOT) to a folder dsh may create and write"

/** The session Config's check of `root` (a zod refinement: the issue lands at `root`, with its file position). */
export function refineSessionsRoot(
  root: string,
  issues: { addIssue(issue: { code: 'custom'; message: string }): void },
) {
  const problem = sessionsRootProblem(root)
  if (problem) issues.addIssue({ code: 'custom', message: problem })
}

/** Why `root` cannot hold session logs, or undefined when it can (it need not exist yet). */
export function sessionsRootProblem(root: string): string | undefined {
  const absolute = resolve(root)
  for (let path = absolute; ; path = dirname(path)) {
    let stats
    try {
      stats = statSync(path, { throwIfNoEntry: false })
    } catch (error) {
      // ENOTDIR: some part above is a file; the loop reaches it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') return `sessions root ${absolute}: ${error}; ${HINT}`
    }
    if (stats) return existingProblem(absolute, path, stats.isDirectory())
    if (dirname(path) === path) return undefined
  }
}

function existingProblem(root: string, path: string, isDirectory: boolean): string | undefined {
  const what = path === root ? `${root} is` : `${root} is under ${path}, which is`
  if (!isDirectory) return `sessions root ${what} a file, not a folder; ${HINT}`
  try {
    accessSync(path, constants.W_OK | constants.X_OK)
  } catch {
    return `sessions root ${what} a folder this process may not write; ${HINT}`
  }
  return undefined
}
