// Where a session lives: `<root>/<id>.jsonl`. Ids become file names, so they are restricted
// to a portable, traversal-free alphabet.
import { join } from 'node:path'

export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

/** The file a session lives in; an id that cannot name a file is an error. */
export function logPath(root: string, sessionId: string): string {
  if (!SESSION_ID.test(sessionId)) {
    throw new Error(
      `session id ${JSON.stringify(sessionId)} cannot name a file; use 1-128 letters, digits, '.', '_' or '-', ` +
        `starting with a letter or digit`,
    )
  }
  return join(root, `${sessionId}.jsonl`)
}
