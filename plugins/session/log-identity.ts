// Is the file a session log was opened on still that log? Deleted, moved or replaced while
// open, every later append would go to a file nobody reads; written by someone else, its
// seq numbers would collide. Checked before each append (docs/session-lock.md).
import { fstatSync, lstatSync, type Stats } from 'node:fs'
import { SessionStorageError } from './storage-error.ts'
import { plural } from '../../lib/plural.ts'

export interface FileIdentity {
  dev: number
  ino: number
}

/** The log is no longer the file this session writes to; the event was not written. */
class SessionLogChangedError extends SessionStorageError {
  override name = 'SessionLogChangedError'
}

export function fileIdentity(stats: Pick<Stats, 'dev' | 'ino'>): FileIdentity {
  return { dev: stats.dev, ino: stats.ino }
}

/** Throws SessionLogChangedError when the log at `path` is not the open file, or it is not `size` bytes long. */
export function checkLogIdentity(fd: number, path: string, identity: FileIdentity, size: number): void {
  const problem = describeChange(fd, path, identity, size)
  if (!problem) return
  throw new SessionLogChangedError(
    `session log ${path} ${problem} while the session was open; nothing more is written to it. ` +
      'Start a new session, or put the log back and load the session again',
  )
}

/**
 * How the log at `path` differs from the open file `fd` of `size` bytes; undefined when it is still
 * that file. One stat call while it is: the name's own, which is the open file's when dev and inode
 * match (its size is the open file's); the open file is asked only when the name is gone.
 */
export function describeChange(fd: number, path: string, identity: FileIdentity, size: number): string | undefined {
  // lstat: a link put at the name (even to this very file, moved elsewhere) is not the log.
  const atPath = lstatSync(path, { throwIfNoEntry: false })
  if (!atPath) return fstatSync(fd).nlink === 0 ? 'was deleted' : 'was moved away'
  if (atPath.isSymbolicLink()) return 'was replaced by a symbolic link'
  if (atPath.dev !== identity.dev || atPath.ino !== identity.ino) return 'was replaced by another file'
  if (atPath.size !== size)
    return `was changed by another writer (${plural(size, 'byte')} written here, ${atPath.size} on disk)`
  return undefined
}
