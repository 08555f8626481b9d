// Read the session log an import starts from, strictly and read-only: a torn last line, another
// log version or a malformed line is a named error that says what to do, never repaired here
// (repairing is session/load's job, and the source log is never modified). A parent's subagents
// (plugins/subagents) have logs of their own beside it, each header naming its parent: read alike.
import { readdirSync } from 'node:fs'
import { NotRegularFileError, readRegularFileSync } from '../../../lib/regular-file.ts'
import { dirname, join, resolve } from 'node:path'
import { inFixtureOrder } from '../core/normalize/log-order.ts'
import { readFirstLine } from '../../../plugins/session/read-first-line.ts'
import type { SessionEvent, SessionHeader } from '../../../plugins/session/events.ts'
import {
  LogVersionError,
  parseSessionHeaderLine,
  parseSessionLog,
  type SessionLog,
} from '../../../plugins/session/log-format.ts'
import { ImportError, ImportUsageError } from './import-error.ts'

export interface SourceLog {
  file: string
  header: SessionHeader
  events: SessionEvent[]
}

function readSourceLog(file: string): SourceLog {
  let text: string
  try {
    // A regular file only: a FIFO would block the import in open(2), a link lead anywhere.
    text = readRegularFileSync(file).toString('utf8')
  } catch (error) {
    if (error instanceof NotRegularFileError)
      throw new ImportError(
        'IMPORT_BAD_LOG',
        `${file} is ${error.kind}, not a session log dsh wrote; import a log file`,
      )
    throw new ImportUsageError('IMPORT_UNKNOWN_SESSION', `cannot read ${file}: ${(error as Error).message}`)
  }
  let log: SessionLog<SessionHeader, SessionEvent>
  try {
    log = parseSessionLog(text, file, { live: true, allowTornTail: true })
  } catch (error) {
    const message = (error as Error).message
    if (error instanceof LogVersionError) throw new ImportError('IMPORT_LOG_VERSION', message)
    throw new ImportError(
      'IMPORT_BAD_LOG',
      `${message}; import reads the logs dsh writes, as written (not a committed fixture)`,
    )
  }
  if (log.tornTail)
    throw new ImportError(
      'IMPORT_TORN_LOG',
      `${file}:${log.tornTail.line}: the last line is torn (the agent was stopped while writing it); load the ` +
        'session once in dsh (session/load repairs the log), then import it again',
    )
  return { file, header: log.header, events: log.events }
}

/**
 * The session at `file` and its subagents' logs (children of children too), in fixture order:
 * session.jsonl's, then session.<n>.jsonl's, numbered as record mode numbers them. A child's own
 * log is refused: its prompt came from its parent's task call, which only the parent replays. A fork
 * (session/fork) comes after its parent, whose log is cut at the fork point (docs/fork.md).
 */
export function readSessionTree(file: string): SourceLog[] {
  const root = readSourceLog(file)
  const { parentSession, parentCallId } = root.header
  if (parentSession !== undefined)
    throw new ImportUsageError(
      'IMPORT_CHILD_SESSION',
      `${file}: session ${root.header.id} is a subagent, spawned by task call ${parentCallId} of session ` +
        `${parentSession}; import that session (its subagents come with it as session.<n>.jsonl)`,
    )
  const beside = siblingHeaders(file)
  const fork = root.header.forkedFrom
  if (!fork) return inFixtureOrder(withDescendants(root, beside), [])
  // A fork comes with its parent, cut at the fork point, and the parent's subagents spawned up to there.
  const parent = forkParent(file, root, beside)
  const cut = { ...parent, events: parent.events.filter((event) => event.seq <= fork.seq) }
  const family = withDescendants(cut, beside, (entry) => (entry.spawnTurn ?? 0) <= fork.turn)
  return inFixtureOrder([...family, ...withDescendants(root, beside)], [])
}

/** `root` and its subagents' logs (children of children too); `keep` picks among root's own children. */
function withDescendants(
  root: SourceLog,
  beside: SiblingHeader[],
  keep: (entry: SiblingHeader) => boolean = () => true,
) {
  const logs = [root]
  const ids = new Set([root.header.id])
  for (let found = true; found; ) {
    const next = beside.filter(
      (entry) =>
        entry.parent !== undefined &&
        ids.has(entry.parent) &&
        !ids.has(entry.id) &&
        (entry.parent !== root.header.id || keep(entry)),
    )
    for (const entry of next) {
      logs.push(readSourceLog(entry.file))
      ids.add(entry.id)
    }
    found = next.length > 0
  }
  return logs
}

/** The session a fork names in its header, beside it; one the scenario can replay the fork from. */
function forkParent(file: string, fork: SourceLog, beside: SiblingHeader[]): SourceLog {
  const { sessionId, turn } = fork.header.forkedFrom!
  const entry = beside.find((candidate) => candidate.id === sessionId)
  const what = `${file}: session ${fork.header.id} is a fork of session ${sessionId} (after its turn ${turn})`
  if (!entry)
    throw new ImportError(
      'IMPORT_FORK_PARENT',
      `${what}, whose log is not beside it; put ${sessionId}.jsonl back in ${dirname(resolve(file))} (the scenario ` +
        'plays the parent up to the fork point, then forks it), or import the parent instead',
    )
  const parent = readSourceLog(entry.file)
  if (parent.header.forkedFrom || parent.header.parentSession !== undefined)
    throw new ImportError(
      'IMPORT_FORK_PARENT',
      `${what}, itself a ${parent.header.forkedFrom ? 'fork' : 'subagent'}; a scenario replays one fork of a ` +
        'session opened with session/new: import the parent instead',
    )
  if (parent.header.cwd !== fork.header.cwd)
    throw new ImportError(
      'IMPORT_FORK_PARENT',
      `${what}, which ran in ${parent.header.cwd} while the fork runs in ${fork.header.cwd}; a scenario has one ` +
        'cwd: import the parent instead',
    )
  return parent
}

interface SiblingHeader {
  file: string
  id: string
  parent?: string
  /** A subagent's spawning turn in its parent. */
  spawnTurn?: number
}

/** The headers of the other logs in the folder; a file whose first line is no header is not a log. */
function siblingHeaders(file: string): SiblingHeader[] {
  const dir = dirname(resolve(file))
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .filter((name) => name.endsWith('.jsonl') && join(dir, name) !== resolve(file))
    .flatMap((name) => {
      try {
        const header = parseSessionHeaderLine(readFirstLine(join(dir, name)), name)
        const spawnTurn = header.spawn?.turn
        return [{ file: join(dir, name), id: header.id, parent: header.parentSession, spawnTurn }]
      } catch {
        return []
      }
    })
}
