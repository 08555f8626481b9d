// A fresh temp directory per scenario run: the agent's cwd. Its realpath is
// returned too, because tools may print either spelling (macOS: /var → /private/var).
// Every directory not yet cleaned up is remembered, so a run stopped at once (a second
// signal to `dsh test`) can still remove them before it exits.
import { accessSync, constants, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs'
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

/**
 * Where run folders go: TMPDIR when the user set it, else a RAM-backed /dev/shm when this system
 * has one, else the OS temp folder. A run makes and deletes a few small folders, and on a disk
 * mounted with `discard` each delete waits for the device (about 4 ms per folder).
 */
function runFolderParent(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TMPDIR) return tmpdir()
  try {
    if (statSync('/dev/shm').isDirectory()) {
      accessSync('/dev/shm', constants.W_OK)
      return '/dev/shm'
    }
  } catch {
    /* no RAM-backed folder here */
  }
  return tmpdir()
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

export async function makeTempCwd(label: string, parent: string = runFolderParent()): Promise<TempCwd> {
  const safeLabel =
    label
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'run'
  // Synchronous on purpose: a run makes and removes a few small folders, and each async step is a
  // thread-pool round trip that a busy machine stretches (async rm of a run's folders took ~8 ms).
  const path = mkdtempSync(join(parent, `dsh-${safeLabel}-`))
  live.add(path)
  const realPath = realpathSync(path)
  return {
    path,
    realPath,
    aliases: realPath === path ? [path] : [path, realPath],
    cleanup: async () => {
      rmSync(path, { recursive: true, force: true })
      live.delete(path)
    },
  }
}
