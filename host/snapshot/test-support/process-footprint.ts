// What a long-lived host must not accumulate: Cordis listeners, timers, open file descriptors and
// child processes. Linux only (/proc), like the machines dsh's tests run on.
import { readdirSync, readFileSync } from 'node:fs'
import type { Context } from 'cordis'
import { eventListenerCount } from '../../../plugins/config/cordis-compat.ts'

export interface Footprint {
  listeners: number
  timers: number
  fds: number
  children: number[]
}

export function footprint(ctx: Context): Footprint {
  return {
    listeners: eventListenerCount(ctx),
    timers: process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length,
    fds: readdirSync('/proc/self/fd').length,
    children: childPids(),
  }
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
