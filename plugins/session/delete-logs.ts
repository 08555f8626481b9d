// Deleting a session (ACP session/delete, issue 38 item 2): its log and its subagents' logs go,
// nothing else. Each is a regular file directly in the sessions root (a link, a folder or a FIFO
// at the name is refused, never followed), and each is locked while it goes, so a log another
// process holds open is refused with that process named (docs/session-lock.md).
import { lstatSync, readdirSync, unlinkSync } from 'node:fs'
import { basename, join } from 'node:path'
import { parseSessionHeaderLine } from './log-format.ts'
import { readFirstLine } from './read-first-line.ts'
import { acquireSessionLock, type SessionLock } from './session-lock.ts'
import { logPath, SESSION_ID } from './session-path.ts'

type DeleteRefusal = 'unknown-session' | 'locked' | 'not-a-log'

/** Why a delete did nothing; the message names the file and what to do. */
export class SessionDeleteError extends Error {
  override name = 'SessionDeleteError'
  constructor(
    message: string,
    readonly reason: DeleteRefusal,
  ) {
    super(message)
  }
}

/** Deletes `<root>/<id>.jsonl` and its subagents' logs (at any depth); returns the files deleted. All or none. */
export function deleteSessionLogs(root: string, sessionId: string): string[] {
  if (!SESSION_ID.test(sessionId) || !lstatSync(join(root, `${sessionId}.jsonl`), { throwIfNoEntry: false }))
    throw new SessionDeleteError(
      `no session "${sessionId}": there is no log ${sessionId}.jsonl in the sessions root; nothing was deleted`,
      'unknown-session',
    )
  const files = [sessionId, ...descendants(root, sessionId)].map((id) => logPath(root, id))
  for (const file of files) refuseOtherThanLog(file)
  const locks: SessionLock[] = []
  try {
    for (const file of files) locks.push(lockOrRefuse(file))
    // Children first: a parent is never gone while a log naming it is left.
    for (const file of [...files].reverse()) unlinkSync(file)
  } finally {
    for (const lock of locks) lock.release()
  }
  return files
}

/** The ids of the logs whose header names `parent` as parentSession, and theirs, depth first. */
function descendants(root: string, parent: string): string[] {
  const children: string[] = []
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.jsonl')) continue
    const id = entry.name.slice(0, -'.jsonl'.length)
    if (id === parent || !SESSION_ID.test(id)) continue
    const path = join(root, entry.name)
    let header: { parentSession?: string }
    try {
      header = parseSessionHeaderLine(readFirstLine(path), path)
    } catch {
      // Not a log dsh can read, so no child it could name: left alone.
      continue
    }
    if (header.parentSession === parent) children.push(id, ...descendants(root, id))
  }
  return children
}

function refuseOtherThanLog(file: string): void {
  const stats = lstatSync(file)
  if (stats.isFile()) return
  const what = stats.isSymbolicLink() ? 'a symbolic link' : stats.isDirectory() ? 'a directory' : 'not a regular file'
  throw new SessionDeleteError(
    `${basename(file)} in the sessions root is ${what}, not a session log dsh wrote; nothing was deleted (dsh ` +
      'deletes only its own log files, and never follows a link out of the sessions root)',
    'not-a-log',
  )
}

function lockOrRefuse(file: string): SessionLock {
  try {
    return acquireSessionLock(file)
  } catch (error) {
    const message = (error as Error).message
    if ((error as Error).name !== 'SessionLockedError') throw error
    throw new SessionDeleteError(`${message}; nothing was deleted`, 'locked')
  }
}
