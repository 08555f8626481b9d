// Opening a file that must be a regular one, without ever blocking or following a link: the entry is
// checked by type (lstat) before it is opened, opened with O_NOFOLLOW | O_NONBLOCK (a link that
// appeared since fails, a FIFO that appeared since does not wait for a writer) and checked again once
// open (fstat). A FIFO, socket or device where a session log or a fixture should be would otherwise
// block the process in open(2), deaf to EOF and SIGTERM (issue 43, hang 9). One home for the wording.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs'

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants

/** What lstat (or a directory entry) says. */
export type EntryLike = Pick<
  Stats,
  'isFile' | 'isDirectory' | 'isSymbolicLink' | 'isFIFO' | 'isSocket' | 'isBlockDevice'
>

/** The entry's kind in words when it is neither a regular file nor a directory; else undefined. */
export function specialKind(entry: EntryLike): string | undefined {
  if (entry.isSymbolicLink()) return 'a symbolic link'
  if (entry.isFIFO()) return 'a FIFO (named pipe)'
  if (entry.isSocket()) return 'a socket'
  if (entry.isBlockDevice()) return 'a block device'
  if (!entry.isFile() && !entry.isDirectory()) return 'a character device'
  return undefined
}

/** A path that is not a regular file; `kind` says what it is instead. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG'
  constructor(
    readonly path: string,
    readonly kind: string,
  ) {
    super(`${path} is ${kind}, not a regular file`)
    this.name = 'NotRegularFileError'
  }
}

/**
 * A descriptor of the regular file at `path`, opened with `flags` plus O_NOFOLLOW | O_NONBLOCK, and
 * checked before and after opening; a NotRegularFileError otherwise (ENOENT and the like as thrown).
 */
export function openRegularSync(path: string, flags: number = O_RDONLY, mode?: number): number {
  const entry = lstatSync(path, { throwIfNoEntry: false })
  const before = entry && regularProblem(entry)
  if (before) throw new NotRegularFileError(path, before)
  let fd: number
  try {
    fd = openSync(path, flags | O_NOFOLLOW | O_NONBLOCK, mode)
  } catch (error) {
    // A link put there since the lstat: O_NOFOLLOW refuses it.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new NotRegularFileError(path, 'a symbolic link')
    throw error
  }
  const after = regularProblem(fstatSync(fd))
  if (after) {
    closeSync(fd)
    throw new NotRegularFileError(path, after)
  }
  return fd
}

/** The bytes of the regular file at `path` (see openRegularSync). */
export function readRegularFileSync(path: string): Buffer {
  const fd = openRegularSync(path)
  try {
    return readFileSync(fd)
  } finally {
    closeSync(fd)
  }
}

function regularProblem(entry: EntryLike): string | undefined {
  return specialKind(entry) ?? (entry.isDirectory() ? 'a directory' : undefined)
}
