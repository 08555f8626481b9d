// Reading one session's log file whole, with errors that say which session and what to do.
import { readFileSync } from 'node:fs'

/** The bytes of `path`, the log of `sessionId` under `root`; a missing file points at sessions.list(). */
export function readSessionLog(root: string, sessionId: string, path: string): Buffer {
  try {
    return readFileSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `no session ${sessionId}: ${path} does not exist; sessions.list() shows the sessions under ${root}`,
      )
    }
    throw new Error(`cannot read session log ${path}: ${(error as Error).message}`)
  }
}
