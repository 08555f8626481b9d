// Test helpers: a throwaway session cwd with seed files, and a process liveness probe.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { isLiveState, readProcStat } from '../../../lib/process/liveness.ts'
import type { ToolContext } from '../types.ts'

export interface Workspace {
  /** The session cwd. */
  cwd: string
  /** A sibling directory outside the cwd, for escape attempts. */
  outside: string
  context(signal?: AbortSignal): ToolContext
  write(relative: string, content: string | Buffer): Promise<void>
  cleanup(): Promise<void>
}

export async function makeWorkspace(): Promise<Workspace> {
  const root = await mkdtemp(path.join(tmpdir(), 'dsh-tools-'))
  const cwd = path.join(root, 'cwd')
  const outside = path.join(root, 'outside')
  await mkdir(cwd)
  await mkdir(outside)
  await writeFile(path.join(outside, 'secret.txt'), 'top secret\n')
  return {
    cwd,
    outside,
    context: (signal = new AbortController().signal) => ({ cwd, signal }),
    async write(relative, content) {
      await mkdir(path.dirname(path.join(cwd, relative)), { recursive: true })
      await writeFile(path.join(cwd, relative), content)
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  }
}

/**
 * Whether a process is still running. A killed orphan is reparented to PID 1 and stays a
 * zombie (state Z) until PID 1 reaps it; a zombie runs no code, so it counts as gone.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
    throw error
  }
  const stat = readProcStat(pid)
  return stat !== undefined && isLiveState(stat.state)
}
