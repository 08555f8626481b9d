// A child that must not outlive this process gets fd 3: the read end of a pipe only this
// process writes to. A shell fragment left in the child's process group blocks reading it and
// kills the whole group at EOF, which comes when this process dies, even by SIGKILL (Node has
// no parent-death signal). The fragment closes fd 3 before the real command runs.

/** Prefix for `sh -c`: start the watcher in the group, then drop fd 3 for what follows. */
const WATCH_LIFELINE = '{ read -r _ <&3; kill -KILL 0; } >/dev/null 2>&1 & exec 3<&-; '

/** `sh -c` arguments that run `command args…` in place, watched by the lifeline. */
export function lifelineShellArgs(command: string, args: readonly string[]): string[] {
  return ['-c', `${WATCH_LIFELINE}exec "$0" "$@"`, command, ...args]
}
