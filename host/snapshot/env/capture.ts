// What one run of a scenario produced, before normalization.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseSessionHeaderLine } from '../../../plugins/session/log-format.ts'

export interface RawCapture {
  /** The agent's stdout bytes, decoded. */
  stdout: string
  /** Session logs in fixture order (session.jsonl first). */
  logs: string[]
  /** The driver's, replay's and the process's complaints; empty when the run itself went well. */
  failures: string[]
  stderr?: string
}

/**
 * Session logs in fixture order: by the first appearance of their session id on stdout
 * (creation order, since the driver creates sessions one at a time), then by createdAt.
 * Both hosts use this, so their surfaces cannot differ by ordering.
 */
export function collectLogs(sessionsRoot: string, stdout: string): string[] {
  const logs = readdirSync(sessionsRoot)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => {
      const file = join(sessionsRoot, name)
      const text = readFileSync(file, 'utf8')
      const header = parseSessionHeaderLine(text.slice(0, text.indexOf('\n')), file)
      const seen = stdout.indexOf(`"${header.id}"`)
      return { text, order: seen < 0 ? Number.MAX_SAFE_INTEGER : seen, createdAt: header.createdAt, id: header.id }
    })
  logs.sort((a, b) => a.order - b.order || a.createdAt - b.createdAt || a.id.localeCompare(b.id))
  return logs.map((log) => log.text)
}
