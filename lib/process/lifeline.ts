// A child that must not outlive this process gets fd 3: the read end of a pipe only this
// process writes to. A shell fragment left in the child's process group blocks reading it and
// kills the whole group at EOF, which comes when this process dies, even by SIGKILL (Node has
// no parent-death signal). The fragment closes fd 3 before the real command runs. With a marker
// (lib/process/marked.ts), it first kills every process carrying it: those that left the group.

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
