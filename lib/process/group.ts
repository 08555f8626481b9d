// Runs a child in its own process group and guarantees the whole group is gone when the
// returned promise settles: on timeout, on cancel, and also after a normal exit (background
// children left behind by the shell are swept). SIGTERM first, SIGKILL after a grace period.
import { spawn } from 'node:child_process'
import type { Duplex } from 'node:stream'
import { waitGroupGone } from './liveness.ts'
import { killMarked, type ProcessMarker, type SignalledProcesses, signalMarked } from './marked.ts'

/** How long to wait for the pipe and the group after SIGKILL before giving up on them. */
const GIVE_UP_AFTER_SIGKILL_MS = 1_000

export type ProcessEnding =
  | { kind: 'exit'; code: number }
  | { kind: 'signal'; signal: string }
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  | { kind: 'spawn-error'; code: string }

interface GroupRunOptions {
  file: string
  args: string[]
  cwd: string
  env: Record<string, string>
  timeoutMs: number
  killGraceMs: number
  signal: AbortSignal
  /** stdout chunks in arrival order (stdin is /dev/null, stderr is discarded: merge it into stdout). */
  onOutput(chunk: Buffer): void
  /**
   * Give the child fd 3: the read end of a pipe only this process writes to, held open until the
   * run settles. It reaches EOF when this process dies (even by SIGKILL), so the command can kill
   * its own group then (docs/security.md, "What dsh does").
   */
  lifeline?: boolean
  /**
   * A variable set in `env` for this run only: processes that left the group (setsid, a
   * double-forked daemon) but carry it are signalled with the group and killed before the run
   * settles (lib/process/marked.ts).
   */
  marker?: ProcessMarker
  /**
   * The child is a sandbox launcher whose sandbox dies with it (bubblewrap's `--die-with-parent`):
   * once it has exited during a stop, what is left of the group is killed at once, not after
   * `killGraceMs`. A SIGTERM that reaches bubblewrap in its first milliseconds is lost on the
   * sandbox's first process, which then waited out the whole grace period (a cancel took 2 s).
   */
  diesWithLauncher?: boolean
}

/** Send `signal` to every member of the group; a group that is already gone (ESRCH) is fine. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal)
  } catch {
    // ESRCH: nobody is left in the group.
  }
}

export function runInProcessGroup(options: GroupRunOptions): Promise<ProcessEnding> {
  if (options.signal.aborted) return Promise.resolve({ kind: 'cancelled' })
  return new Promise((resolve) => {
    // detached: the child calls setsid(), so its pid is also its process group id.
    const child = spawn(options.file, options.args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: options.lifeline ? ['ignore', 'pipe', 'ignore', 'pipe'] : ['ignore', 'pipe', 'ignore'],
    })
    const lifeline = options.lifeline ? (child.stdio[3] as Duplex | null) : undefined
    const timers = new Set<NodeJS.Timeout>()
    let stopReason: 'timeout' | 'cancelled' | undefined
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
    let killing = false
    let gaveUp = false
    let settled = false
    // Escapees signalled with the group: the final sweep waits for them even once unmarked.
    const signalled: SignalledProcesses = new Map()

    const later = (ms: number, action: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        action()
      }, ms)
      timers.add(timer)
    }

    const killGroup = () => {
      if (killing || child.pid === undefined) return
      killing = true
      signalGroup(child.pid, 'SIGTERM')
      if (options.marker) signalMarked(options.marker, 'SIGTERM', signalled)
      later(options.killGraceMs, () => {
        signalGroup(child.pid!, 'SIGKILL')
        if (options.marker) signalMarked(options.marker, 'SIGKILL', signalled)
        // SIGKILLed processes release the pipe at once; a process that left the group
        // (setsid) may still hold it open, so stop waiting for it.
        later(GIVE_UP_AFTER_SIGKILL_MS, () => {
          gaveUp = true
          child.stdout?.destroy()
          lifeline?.destroy()
        })
      })
    }

    const stop = (reason: 'timeout' | 'cancelled') => {
      // Once the shell has exited, the result is its own; the sweep is already running.
      if (exit) return
      stopReason ??= reason
      killGroup()
    }

    const onAbort = () => stop('cancelled')

    const finish = (ending: ProcessEnding) => {
      if (settled) return
      settled = true
      // No signal is sent after this point: the group id could be reused by an unrelated process.
      for (const timer of timers) clearTimeout(timer)
      options.signal.removeEventListener('abort', onAbort)
      lifeline?.destroy()
      resolve(ending)
    }

    child.stdout!.on('data', options.onOutput)
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) finish({ kind: 'spawn-error', code: error.code ?? error.message })
    })
    child.on('exit', (code, signal) => {
      exit = { code, signal }
      if (stopReason && options.diesWithLauncher && child.pid !== undefined) signalGroup(child.pid, 'SIGKILL')
      killGroup()
    })
    // The pipe closes when its last holder exits, but a member may have let go of it
    // (`cmd >/dev/null &`) or be in the middle of dying: wait for the group itself.
    child.on('close', async () => {
      if (child.pid === undefined) return // spawn failed; 'error' has settled it
      await waitGroupGone(child.pid, { stop: () => gaveUp || settled })
      // Escapees that let go of the pipe (or never held it) are found by the marker they carry.
      if (options.marker) await killMarked(options.marker, GIVE_UP_AFTER_SIGKILL_MS, signalled)
      if (stopReason) finish({ kind: stopReason })
      else if (exit?.signal) finish({ kind: 'signal', signal: exit.signal })
      else finish({ kind: 'exit', code: exit?.code ?? 0 })
    })
    later(options.timeoutMs, () => stop('timeout'))
    options.signal.addEventListener('abort', onAbort, { once: true })
  })
}
