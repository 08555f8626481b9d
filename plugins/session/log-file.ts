// One session file held open for appending. Every line goes out in a single synchronous
// write through the fd, so an event is in the kernel (and survives kill -9) before
// append() returns; `fsync` additionally survives power loss.
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { openRegularSync } from '../../lib/regular-file.ts'
import { dirname } from 'node:path'
import { checkLogIdentity, describeChange, type FileIdentity, fileIdentity } from './log-identity.ts'
import { acquireSessionLock, type SessionLock } from './session-lock.ts'
import { SessionStorageError } from './storage-error.ts'
import { plural } from '../../lib/plural.ts'

// O_NOFOLLOW: a link at the name (even a dangling one, which O_EXCL alone would follow on some systems)
// is never written through.
const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND | constants.O_NOFOLLOW

export class SessionLogFile {
  private fd: number | undefined
  /** The file this fd was opened on: a log deleted or replaced under it is an error, not a silent loss. */
  private readonly identity: FileIdentity

  private constructor(
    readonly path: string,
    fd: number,
    /** Bytes known to be complete on disk: a failed write is truncated back to this. */
    private size: number,
    private readonly fsync: boolean,
    private readonly lock: SessionLock,
  ) {
    this.fd = fd
    this.identity = fileIdentity(fstatSync(fd))
  }

  /** Create a new file holding `firstLine`; fails if the file exists or another writer holds its lock. */
  static create(path: string, firstLine: string, fsync: boolean): SessionLogFile {
    const lock = acquireSessionLock(path)
    let fd: number
    try {
      fd = openSync(path, CREATE_FLAGS, 0o644)
    } catch (error) {
      lock.release()
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new Error(`session log ${path} already exists; choose another session id or open() the existing session`)
      }
      throw new Error(`cannot create session log ${path}: ${(error as Error).message}`)
    }
    const file = new SessionLogFile(path, fd, 0, fsync, lock)
    try {
      file.writeLine(firstLine)
    } catch (error) {
      file.close()
      throw error
    }
    // A new directory entry is only power-safe once the directory itself is synced.
    if (fsync) syncDirectory(dirname(path))
    return file
  }

  /**
   * Create a new file holding `text` (whole lines) at once: written aside, then linked into place, so
   * a kill leaves either no log or the whole one (a fork's copied history; docs/fork.md). Fails if
   * the file exists or another writer holds its lock.
   */
  static createWhole(path: string, text: string, fsync: boolean): SessionLogFile {
    const lock = acquireSessionLock(path)
    const staging = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.part`
    let fd: number
    try {
      writeFileSync(staging, text, { flag: 'wx', mode: 0o644, flush: fsync })
      linkSync(staging, path)
      fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW)
    } catch (error) {
      lock.release()
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new Error(`session log ${path} already exists; choose another session id or open() the existing session`)
      throw new Error(`cannot create session log ${path}: ${(error as Error).message}`)
    } finally {
      rmSync(staging, { force: true })
    }
    if (fsync) syncDirectory(dirname(path))
    return new SessionLogFile(path, fd, Buffer.byteLength(text), fsync, lock)
  }

  /**
   * Open an existing file for appending, once its lock is held. `readBytes` is what the caller
   * read and parsed: a file that changed since is refused. `validBytes` cuts off a torn final
   * line; a file whose last complete line lacks its newline gets one, so the next line starts clean.
   */
  static reopen(
    path: string,
    layout: { readBytes: number; validBytes: number; endsWithNewline: boolean },
    fsync: boolean,
  ): SessionLogFile {
    const { readBytes, validBytes, endsWithNewline } = layout
    const lock = acquireSessionLock(path)
    let fd: number | undefined
    try {
      // Never a link (its target may lie outside the sessions root), never a FIFO (open would block).
      fd = openRegularSync(path, constants.O_WRONLY | constants.O_APPEND)
      const size = fstatSync(fd).size
      if (size !== readBytes)
        throw new Error(
          `it changed while it was being opened (${plural(readBytes, 'byte')} read, now ${size}); open it again`,
        )
      ftruncateSync(fd, validBytes)
    } catch (error) {
      if (fd !== undefined) closeQuietly(fd)
      lock.release()
      throw new Error(`cannot open session log ${path} for appending: ${(error as Error).message}`)
    }
    const file = new SessionLogFile(path, fd, validBytes, fsync, lock)
    if (!endsWithNewline) {
      try {
        file.writeRaw('\n')
      } catch (error) {
        try {
          file.close()
        } catch {
          /* already failing; the write error is what matters */
        }
        throw error
      }
    }
    return file
  }

  get closed(): boolean {
    return this.fd === undefined
  }

  /** How the file at the path is no longer this open log (replaced, moved, deleted, rewritten); undefined if it is. */
  changedOnDisk(): string | undefined {
    return this.fd === undefined ? 'is closed' : describeChange(this.fd, this.path, this.identity, this.size)
  }

  /**
   * Append one line (the newline is added here). Durable when this returns. With `verify`, the
   * log must first still be the file opened, whole (a stat call); the store skips that for
   * model chunks, the hot path, and checks at the next other event.
   */
  writeLine(line: string, verify = true): void {
    this.writeRaw(`${line}\n`, verify)
  }

  /** Flush to stable storage (unless `sync` is false) and release the fd. Safe to call twice. */
  close(sync = true): void {
    const fd = this.fd
    if (fd === undefined) return
    this.fd = undefined
    try {
      if (sync) fsyncSync(fd)
    } finally {
      closeSync(fd)
      this.lock.release()
    }
  }

  private writeRaw(text: string, verify = true): void {
    const fd = this.fd
    if (fd === undefined)
      throw new SessionStorageError(
        `session log ${this.path} is closed; the session store was disposed or the session failed earlier`,
      )
    if (verify) checkLogIdentity(fd, this.path, this.identity, this.size)
    try {
      // The string goes to the kernel without a Buffer per line; a short write (rare) finishes from bytes.
      const length = Buffer.byteLength(text)
      let written = writeSync(fd, text)
      if (written < length) {
        const bytes = Buffer.from(text)
        while (written < length) written += writeSync(fd, bytes, written, length - written)
      }
      if (this.fsync) fsyncSync(fd)
      this.size += length
    } catch (error) {
      this.recoverFromFailedWrite()
      throw new SessionStorageError(
        `cannot append to session log ${this.path}: ${(error as Error).message}; the event was not recorded`,
      )
    }
  }

  /** A partial line would corrupt every later line: cut it off, or stop writing this file. */
  private recoverFromFailedWrite(): void {
    try {
      ftruncateSync(this.fd!, this.size)
    } catch {
      const fd = this.fd!
      this.fd = undefined
      try {
        closeSync(fd)
      } catch {
        /* already failing; the append error is what matters */
      }
      this.lock.release()
    }
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd)
  } catch {
    /* already failing; the first error is what matters */
  }
}

function syncDirectory(path: string): void {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    fsyncSync(fd)
  } catch {
    // Some platforms cannot fsync a directory; the file content itself is already synced.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
