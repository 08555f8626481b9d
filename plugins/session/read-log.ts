// Reading one session's log file whole, with errors that say which session and what to do. A log is a
// regular file: a FIFO, socket, device or symbolic link at its name is refused by type before it is
// opened, never waited on or followed (lib/regular-file.ts; issue 43, hang 9 and silent 22).
import { NotRegularFileError, readRegularFileSync } from '../../lib/regular-file.ts'

/** The bytes of `path`, the log of `sessionId` under `root`; a missing file points at sessions.list(). */
export function readSessionLog(root: string, sessionId: string, path: string): Buffer {
  try {
    return readRegularFileSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `no session ${sessionId}: ${path} does not exist; sessions.list() shows the sessions under ${root}`,
      )
    }
    if (error instanceof NotRegularFileError) throw new Error(notALog(path, error.kind))
    throw new Error(`cannot read session log ${path}: ${(error as Error).message}`)
  }
}

/** The refusal of a log that is no regular file: dsh never wrote it. */
const notALog = (path: string, kind: string) =>
  `session log ${path} is ${kind}, not a log file dsh wrote; it is not opened. Remove it (and load another session)`
