// A session's additional directories (ACP `additionalDirectories`, issue 38 item 3): what the file
// tools may reach besides the cwd. The log says which list was active from when, so a loaded
// session's history reads right; a request activates its own list (none when it names none).
import type { SessionEvent } from '../session/events.ts'
import type { SessionStore } from '../session/index.ts'

/** What of a session's runtime the list lives on. */
interface WithDirectories {
  header: { id: string }
  additionalDirectories: readonly string[]
}

/** The list the log last named (none before any `session/directories`). */
export function directoriesOfLog(events: readonly SessionEvent[]): string[] {
  const last = events.findLast((event) => event.type === 'session/directories') as
    | SessionEvent<'session/directories'>
    | undefined
  return last ? [...last.data.additionalDirectories] : []
}

/** Makes `directories` the session's list, logging it when it differs from the one in effect. */
export function activateDirectories(
  runtime: WithDirectories,
  store: Pick<SessionStore, 'append'>,
  directories: readonly string[],
): void {
  const current = runtime.additionalDirectories
  if (current.length === directories.length && current.every((dir, index) => dir === directories[index])) return
  store.append(runtime.header.id, 'session/directories', { additionalDirectories: [...directories] })
  runtime.additionalDirectories = [...directories]
}
