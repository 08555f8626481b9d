// A fresh temp directory per scenario run: the agent's cwd. Its realpath is
// returned too, because tools may print either spelling (macOS: /var → /private/var).
// Every directory not yet cleaned up is remembered, so a run stopped at once (a second
// signal to `dsh test`) can still remove them before it exits.
import { rmSync } from 'node:fs'
import { mkdtemp, realpath, rm } from 'node:fs/promises'
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

const live = new Set<string>()

/** Removes every temp directory still in use, synchronously (for a process about to exit); says what failed. */
export function removeLiveTempDirsNow(): string[] {
  const problems: string[] = []
  for (const path of live) {
    try {
      // Retries: the running scenario may still be writing into it.
      rmSync(path, { recursive: true, force: true, maxRetries: 3 })
    } catch (error) {
      problems.push(`could not remove ${path}: ${(error as Error).message}`)
    }
  }
  live.clear()
  return problems
}

export async function makeTempCwd(label: string, parent: string = tmpdir()): Promise<TempCwd> {
  const safeLabel = label.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'run'
  const path = await mkdtemp(join(parent, `dsh-${safeLabel}-`))
  live.add(path)
  const realPath = await realpath(path)
  return {
    path,
    realPath,
    aliases: realPath === path ? [path] : [path, realPath],
    cleanup: async () => {
      await rm(path, { recursive: true, force: true })
      live.delete(path)
    },
  }
}
