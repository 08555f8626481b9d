// A fresh temp directory per scenario run: the agent's cwd. Its realpath is
// returned too, because tools may print either spelling (macOS: /var → /private/var).
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TempCwd {
  path: string
  realPath: string
  /** Every spelling to normalize to {{cwd}}: the path and, when different, its realpath. */
  aliases: string[]
  /** Removes the directory and everything in it; safe to call twice. */
  cleanup(): Promise<void>
}

export async function makeTempCwd(label: string, parent: string = tmpdir()): Promise<TempCwd> {
  const safeLabel = label.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'run'
  // Synchronous on purpose: a run makes and removes a few small folders, and each async step is a
  // thread-pool round trip that a busy machine stretches (async rm of a run's folders took ~8 ms).
  const path = mkdtempSync(join(parent, `dsh-${safeLabel}-`))
  const realPath = realpathSync(path)
  return {
    path,
    realPath,
    aliases: realPath === path ? [path] : [path, realPath],
    cleanup: async () => rmSync(path, { recursive: true, force: true }),
  }
}
