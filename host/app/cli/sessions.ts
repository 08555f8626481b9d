// `dsh sessions [--json]`: the sessions root as a table (or JSON), newest activity first, so a
// user can find the session to import with `dsh new NAME --from-session ID`.
import { defaultSessionsRoot } from '../../../plugins/session/default-root.ts'
import type { CliCommand } from './command.ts'
import { sessionsHelp } from './command-help.ts'

const TITLE_WIDTH = 40

export const sessionsCommand: CliCommand = {
  ...sessionsHelp,
  async run({ values }, io) {
    const { listSessionsRoot } = await import('../../snapshot/import/sessions-root.ts')
    const root = defaultSessionsRoot(io.env)
    const sessions = listSessionsRoot(root)
    if (values.json) {
      const rows = sessions.map(({ id, title, cwd, updatedAt, turns, size }) => ({
        id,
        title: title ?? null,
        cwd,
        date: new Date(updatedAt).toISOString(),
        turns,
        size,
      }))
      io.stdout(`${JSON.stringify(rows, null, 2)}\n`)
      return 0
    }
    if (!sessions.length) {
      io.stdout(`no sessions under ${root} (DSH_SESSIONS_ROOT or XDG_STATE_HOME choose the folder)\n`)
      return 0
    }
    const rows = sessions.map((s) => [
      s.id,
      new Date(s.updatedAt).toISOString().slice(0, 16).replace('T', ' '),
      String(s.turns),
      humanSize(s.size),
      cut(s.title ?? '(no prompt yet)', TITLE_WIDTH),
      s.cwd,
    ])
    io.stdout(`${table([['ID', 'DATE (UTC)', 'TURNS', 'SIZE', 'TITLE', 'CWD'], ...rows])}\nin ${root}\n`)
    return 0
  },
}

function table(rows: string[][]): string {
  const widths: number[] = []
  for (const row of rows)
    for (const [column, cell] of row.entries()) widths[column] = Math.max(widths[column] ?? 0, cell.length)
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
