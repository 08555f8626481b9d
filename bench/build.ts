// The subprocess mode and the bin run the compiled dist/: make sure it is not older than the
// sources, with the same check-and-build the vitest global setup uses (a build only when stale).
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import buildWhenStale from '../host/snapshot/vitest/global-setup.ts'

interface BuildOutcome {
  ms: number
  rebuilt: boolean
  /** Set when the build failed; it leaves the previous dist/, which the bench goes on with. */
  warning?: string
}

export function ensureDist(repoRoot: string): BuildOutcome {
  const cli = join(repoRoot, 'dist', 'host', 'app', 'cli.js')
  const before = builtAt(cli)
  const started = performance.now()
  let warning: string | undefined
  try {
    buildWhenStale()
  } catch (error) {
    if (!existsSync(cli)) throw error
    const reason = (error as Error).message.split('\n')[0]
    warning = `building dist/ failed (${reason}); subprocess numbers use the previous build`
  }
  return { ms: performance.now() - started, rebuilt: builtAt(cli) !== before, warning }
}

/** When dist/ was last built; another process's rebuild mid-bench shows up as a change. */
export function distStamp(repoRoot: string): number {
  return builtAt(join(repoRoot, 'dist', 'host', 'app', 'cli.js'))
}

function builtAt(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0
}
