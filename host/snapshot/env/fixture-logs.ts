// Where a scenario's session logs live, and how a committed (normalized) log becomes a
// live file again when a scenario restores it with session/load.
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { expandCwdInJson } from '../../../lib/cwd-spellings.ts'
import type { SessionEvent, SessionHeader } from '../../../plugins/session/events.ts'
import { parseSessionLog, serializeSessionLog } from '../../../plugins/session/log-format.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { sessionLogFileName } from '../core/fixture-files.ts'
import { checkFixtureSync } from '../io/safe-fixture-io.ts'

/** The folder whose session*.jsonl are this scenario's replay source and expected logs. */
export function logsDir(repoRoot: string, scenario: LoadedScenario): string {
  const source = scenario.manifest.session?.source
  return source ? join(repoRoot, 'scenarios', source) : scenario.dir
}

/** session.jsonl, session.1.jsonl, … that exist, in order (each checked by the fixture guard). */
export function existingLogFiles(repoRoot: string, dir: string): string[] {
  const files: string[] = []
  for (let index = 0; checkFixtureSync(repoRoot, join(dir, sessionLogFileName(index))); index++)
    files.push(join(dir, sessionLogFileName(index)))
  return files
}

export interface RevivedLog {
  header: SessionHeader
  events: SessionEvent[]
  /** The live file's text. */
  text: string
}

/**
 * A committed log made live: a fresh session id, the temp cwd for `{{cwd}}`, and the
 * `seq`/`time` envelope fixtures drop. Other tokens stay as they are (they are plain strings).
 */
export function reviveLog(text: string, cwd: string, file = 'session log'): RevivedLog {
  const parsed = parseSessionLog(expandCwdInJson(text, cwd), file)
  const header: SessionHeader = { ...parsed.header, id: randomUUID(), createdAt: parsed.header.createdAt ?? 0 }
  const events = parsed.events.map(({ type, data }, index) => ({ seq: index + 1, time: 0, type, data }) as SessionEvent)
  return { header, events, text: serializeSessionLog(header, events) }
}
