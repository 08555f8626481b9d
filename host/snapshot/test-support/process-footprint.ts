// What a long-lived host must not accumulate: Cordis listeners, timers, open file descriptors and
// child processes. Linux only (/proc), like the machines dsh's tests run on. Only what appears
// while the watch runs counts, so a test can share its process with other test files (vitest's
// isolate: false): a timer or descriptor another file left behind is neither blamed nor missed.
import { createHook } from 'node:async_hooks'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import type { Context } from 'cordis'
import { eventListenerCount } from '../../../plugins/config/cordis-compat.test-support.ts'

/** What the watched span left behind: all empty (and 0) when it cleaned up after itself. */
export interface Leftovers {
  /** Listeners on the context beyond those at the start (negative: it removed some of others). */
  listeners: number
  /** Timers made during the span that are still pending. */
  timers: number
  /** Descriptors opened during the span that are still open, with what they point at. */
  fds: string[]
  /** Children started during the span that are still running. */
  children: number[]
}

/** Starts watching; `leftovers()` says what appeared since and is still there. */
export function watchFootprint(ctx: Context): { leftovers(): Promise<Leftovers> } {
  const listeners = eventListenerCount(ctx)
  const fds = new Set(openFds())
  const children = new Set(childPids())
  const pendingTimers = new Set<number>()
  const hook = createHook({
    init(asyncId, type) {
      if (type === 'Timeout') pendingTimers.add(asyncId)
    },
    destroy(asyncId) {
      pendingTimers.delete(asyncId)
    },
  }).enable()
  return {
    async leftovers() {
      // Node reports a cleared timer's destroy on a later turn of the event loop: let it arrive,
      // so a timer the run made and cleared at its very end is not counted as pending.
      await new Promise((resolve) => setImmediate(resolve))
      hook.disable()
      return {
        listeners: eventListenerCount(ctx) - listeners,
        timers: pendingTimers.size,
        fds: openFds().filter((fd) => !fds.has(fd)),
        children: childPids().filter((pid) => !children.has(pid)),
      }
    },
  }
}

/** `<fd> -> <target>` for each open descriptor: a number reused for another file counts as new. */
function openFds(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [`${fd} -> ${readlinkSync(`/proc/self/fd/${fd}`)}`]
    } catch {
      return [] // the descriptor readdir itself used, closed by now
    }
  })
}

/** Live children of this process (every thread's children list). */
function childPids(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    } catch {
      return []
    }
  })
}
