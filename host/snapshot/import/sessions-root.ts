// The sessions root as a list a person chooses from (`dsh sessions`) and resolves an import's
// ID|PATH against. Reads only: never opens a log for writing, never repairs one.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { readRegularFileSync } from '../../../lib/regular-file.ts'
import { join, resolve } from 'node:path'
import { parseSessionHeaderLine } from '../../../plugins/session/log-format.ts'
import { readFirstLine } from '../../../plugins/session/read-first-line.ts'
import { titleOf } from '../../../plugins/session/summaries.ts'
import { ImportUsageError } from './import-error.ts'
import { plural } from '../../../lib/plural.ts'

export interface SessionListing {
  id: string
  title?: string
  cwd: string
  /** Last activity (the log's modification time), ms since the epoch. */
  updatedAt: number
  /** Prompts the session answered (its user/message events). */
  turns: number
  /** Bytes of the log. */
  size: number
  file: string
}

const TURN_MARK = '"type":"user/message"'
const SHOWN_MATCHES = 10

/** Every top-level log under `root` whose header reads, newest activity first; a missing root lists nothing. */
export function listSessionsRoot(root: string): SessionListing[] {
  if (!existsSync(root)) return []
  const listings: SessionListing[] = []
  // Regular files only, by their entries' type: a FIFO or a link in the root is never opened (issue 43, hang 9).
  const names = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl'))
    .map((entry) => entry.name)
  for (const name of names) {
    const file = join(root, name)
    try {
      const header = parseSessionHeaderLine(readFirstLine(file), file)
      // A subagent's log is no session to choose: it comes with its parent's import (as session/list hides it).
      if (header.parentSession !== undefined) continue
      const bytes = readRegularFileSync(file)
      const stats = statSync(file)
      const text = bytes.toString('utf8')
      const title = titleOf(file)
      listings.push({
        id: header.id,
        ...(title ? { title } : {}),
        cwd: header.cwd,
        updatedAt: stats.mtimeMs,
        turns: text.split(TURN_MARK).length - 1,
        size: bytes.length,
        file,
      })
    } catch {
      // Not a session log (or one being created): nothing to list.
    }
  }
  return listings.sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id))
}

/**
 * The log an import reads: a path (it has a `/` or ends in `.jsonl` and exists), else a session id
 * or a unique prefix of one under `root`. Unknown and ambiguous ids are named errors listing matches.
 */
export function resolveSessionLog(ref: string, root: string): string {
  if ((ref.includes('/') || ref.endsWith('.jsonl')) && existsSync(ref)) return resolve(ref)
  const ids = existsSync(root)
    ? readdirSync(root)
        .filter((n) => n.endsWith('.jsonl'))
        .map((n) => n.slice(0, -'.jsonl'.length))
    : []
  if (ids.includes(ref)) return join(root, `${ref}.jsonl`)
  const matches = ids.filter((id) => id.startsWith(ref)).sort()
  if (matches.length === 1) return join(root, `${matches[0]}.jsonl`)
  if (matches.length > 1) {
    const shown = matches.slice(0, SHOWN_MATCHES).join(', ')
    const more = matches.length > SHOWN_MATCHES ? ` and ${matches.length - SHOWN_MATCHES} more` : ''
    throw new ImportUsageError(
      'IMPORT_AMBIGUOUS_SESSION',
      `"${ref}" matches ${plural(matches.length, 'session')} under ${root}: ${shown}${more}; give more of the id`,
    )
  }
  throw new ImportUsageError(
    'IMPORT_UNKNOWN_SESSION',
    `no session "${ref}" under ${root} and no such log file; list them with dsh sessions ` +
      '(DSH_SESSIONS_ROOT or XDG_STATE_HOME choose the root), or pass the path of a log',
  )
}
