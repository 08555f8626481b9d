// A child that must not outlive this process gets fd 3: the read end of a pipe only this
// process writes to. A shell fragment left in the child's process group blocks reading it and
// kills the whole group at EOF, which comes when this process dies, even by SIGKILL (Node has
// no parent-death signal). The fragment closes fd 3 before the real command runs. With a marker
// (lib/process/marked.ts), it first kills every process carrying it: those that left the group.
import { spawn } from 'node:child_process'
import { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { ProcessMarker } from './marked.ts'

/**
 * Shell (POSIX sh or bash) that SIGKILLs every other process whose environment holds
 * `<name>=<the value this shell has>`. It reads its own pid from /proc/self/stat (in a subshell
 * `$$` names the parent); without /proc it finds nothing.
 */
function killMarkedScript(name: string): string {
  return (
    `[ -n "$${name}" ] && read -r me _ </proc/self/stat && for e in /proc/[0-9]*/environ; do ` +
    `p=\${e#/proc/}; p=\${p%/environ}; ` +
    `[ "$p" != "$me" ] && grep -qxzF "${name}=$${name}" "$e" && kill -KILL "$p"; done`
  )
}

/** The watcher: blocks on fd 3, then kills the marked escapees (when a marker is named) and the group. */
export function watchLifeline(markerName?: string): string {
  const marked = markerName ? `${killMarkedScript(markerName)}; ` : ''
  return `{ read -r _ <&3; ${marked}kill -KILL 0; } >/dev/null 2>&1 & exec 3<&-; `
}

/** `sh -c` arguments that run `command args…` in place, watched by the lifeline (and a marker's sweep). */
export function lifelineShellArgs(command: string, args: readonly string[], markerName?: string): string[] {
  return ['-c', `${watchLifeline(markerName)}exec "$0" "$@"`, command, ...args]
}

/**
 * The watcher for a child that was started directly (no shell in front of it, so a missing
 * program is still a spawn error): a shell of its own, in a session of its own (a terminal's
 * Ctrl-C does not reach it), blocks reading fd 3 and at EOF SIGKILLs every process carrying
 * `$2` (`NAME=value`) in its environment, then the group `$1`, then the marked ones again (one
 * may have forked meanwhile). It carries no marker itself and has only PATH.
 */
const WATCH_GROUP_AND_MARKED =
  'read -r _ <&3; kill_marked() { [ -n "$2" ] || return 0; for e in /proc/[0-9]*/environ; do ' +
  `grep -qxzF -- "$2" "$e" 2>/dev/null && { p=\${e#/proc/}; kill -KILL "\${p%/environ}"; }; done; }; ` +
  'kill_marked "$@"; kill -KILL "-$1"; kill_marked "$@"'

export interface GroupWatcher {
  /** Ends the watcher without it firing: call once the group is gone (its id may be reused). */
  release(): void
}

/**
 * Watches process group `pgid` (and, on Linux, the processes carrying `marker`) from outside:
 * when this process dies, even by SIGKILL, they are killed. Release it once the group is gone.
 */
export function watchGroup(pgid: number, marker?: ProcessMarker): GroupWatcher {
  const markerEntry = marker ? `${marker.name}=${marker.value}` : ''
  const watcher = spawn('/bin/sh', ['-c', WATCH_GROUP_AND_MARKED, 'dsh-lifeline', String(pgid), markerEntry], {
    detached: true,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  })
  const pipe = watcher.stdio[3] as Duplex | null
  // Neither keeps this process alive: the watcher exists for the moment it dies.
  watcher.unref()
  if (pipe instanceof Socket) pipe.unref()
  let released = false
  return {
    release() {
      if (released) return
      released = true
      // SIGKILL before the pipe closes: a watcher that saw EOF first would signal a group id
      // that may already belong to another process.
      if (watcher.exitCode === null && watcher.signalCode === null) watcher.kill('SIGKILL')
      watcher.once('exit', () => pipe?.destroy())
      if (watcher.exitCode !== null || watcher.signalCode !== null) pipe?.destroy()
    },
  }
}
