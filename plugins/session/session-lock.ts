// One writer per session log: `<id>.jsonl.lock` beside the log names the process that holds it
// open for appending. A lock whose process is gone (kill -9, a crash) is stale and taken over.
// See docs/session-lock.md.
import { randomBytes } from 'node:crypto'
import { linkSync, lstatSync, unlinkSync, writeFileSync } from 'node:fs'
import { readRegularFileSync } from '../../lib/regular-file.ts'
import { currentProcessIdentity, isProcessAlive, type ProcessIdentity } from '../../lib/process/identity.ts'

/** Another live process (or another store in this one) writes this session. */
class SessionLockedError extends Error {
  override name = 'SessionLockedError'
}

export interface SessionLock {
  readonly path: string
  /** Remove the lock file if it is still this lock's. Safe to call twice. */
  release(): void
}

/** Attempts: the first, then one after taking over a stale lock (another process may race us to it). */
const ATTEMPTS = 3

export function acquireSessionLock(logPath: string): SessionLock {
  const path = `${logPath}.lock`
  const content = `${JSON.stringify(currentProcessIdentity())}\n`
  // Written aside, then linked into place: the lock file is never seen empty or half-written.
  const staging = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    // Inside the try: on a full disk the file is created and the write fails; it is removed below.
    writeFileSync(staging, content, { flag: 'wx' })
    for (let attempt = 1; ; attempt++) {
      try {
        linkSync(staging, path)
        return lockHandle(path, content)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new Error(`cannot lock session log ${logPath} (${path}): ${(error as Error).message}`)
        }
      }
      refuseNonFile(logPath, path)
      const holder = readHolder(path)
      if (holder && isProcessAlive(holder)) throw lockedError(logPath, path, holder)
      if (attempt === ATTEMPTS) {
        throw new SessionLockedError(
          `session log ${logPath} is locked (${path}) and the lock keeps changing hands; try again`,
        )
      }
      removeIfSame(path, holder)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC' || (error as NodeJS.ErrnoException).code === 'EDQUOT')
      throw new Error(`cannot lock session log ${logPath}: the disk is full (${(error as Error).message})`)
    throw error
  } finally {
    try {
      unlinkSync(staging)
    } catch {
      // Never created (the folder is missing or read-only): nothing to remove.
    }
  }
}

/** A folder (or anything but a file) at the lock's name is no lock: no process holds or frees it. */
function refuseNonFile(logPath: string, path: string): void {
  const stats = lstatSync(path, { throwIfNoEntry: false })
  if (!stats || stats.isFile()) return
  throw new SessionLockedError(
    `session log ${logPath} cannot be locked: ${path} is ${stats.isDirectory() ? 'a directory' : 'not a file'}, ` +
      'not a lock file dsh wrote; remove it and try again',
  )
}

function lockHandle(path: string, content: string): SessionLock {
  let released = false
  return {
    path,
    release() {
      if (released) return
      released = true
      try {
        if (readRegularFileSync(path).toString('utf8') === content) unlinkSync(path)
      } catch {
        // Already gone (deleted by hand, or with its folder): nothing to release.
      }
    },
  }
}

/** The process named in a lock file; undefined when the file is gone or unreadable (treated as stale). */
function readHolder(path: string): ProcessIdentity | undefined {
  try {
    const value = JSON.parse(readRegularFileSync(path).toString('utf8'))
    // pid 0 and negative pids name process groups to kill(2): "alive" always, a holder never.
    return Number.isInteger(value?.pid) && value.pid > 0 ? value : undefined
  } catch {
    return undefined
  }
}

/** Remove a stale lock, unless it changed since it was read (then the next attempt looks again). */
function removeIfSame(path: string, holder: ProcessIdentity | undefined): void {
  const now = readHolder(path)
  if (JSON.stringify(now) !== JSON.stringify(holder)) return
  try {
    unlinkSync(path)
  } catch {
    // Someone else removed it first.
  }
}

function lockedError(logPath: string, path: string, holder: ProcessIdentity): SessionLockedError {
  const who =
    holder.pid === process.pid ? `this process (pid ${holder.pid}), in another session store` : `process ${holder.pid}`
  return new SessionLockedError(
    `session log ${logPath} is already open for writing by ${who}; a session has one writer at a time. ` +
      `Stop that agent (or let it close the session) first; if no such process uses it, delete ${path}`,
  )
}
