// What a recording should not quietly keep (pure): tool calls that failed while it was recorded
// (a scripted `edit_file` missing "old_string" records the error as the expected behaviour) and
// the scaffold's placeholders still in the scenario's files. `--mode record` prints them; with
// `--strict` it refuses to write.
import { PLACEHOLDER } from './placeholder.ts'

/** One line per tool call whose result was an error, in the normalized session logs. */
export function failedToolCalls(scenario: string, sessionLogs: readonly string[]): string[] {
  const warnings: string[] = []
  sessionLogs.forEach((log, session) => {
    const names = new Map<string, string>()
    for (const line of log.split('\n')) {
      if (!line.includes('"tool/')) continue
      const event = parse(line)
      if (event?.type === 'tool/call') names.set(String(event.data.callId), String(event.data.name))
      if (event?.type !== 'tool/result' || event.data.isError !== true) continue
      const { turn, step, callId, output } = event.data
      const tool = names.get(String(callId)) ?? 'a tool'
      warnings.push(
        `scenario ${scenario}: session ${session}, turn ${turn} step ${step}: ${tool} (${callId}) failed while ` +
          `recording: ${firstLine(String(output ?? ''))}`,
      )
    }
  })
  return warnings
}

/** One line per scaffold placeholder left in a scenario file (`file:line: …`). */
export function placeholdersLeft(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  const warnings: string[] = []
  for (const { file, text } of files)
    text.split('\n').forEach((line, index) => {
      const at = line.indexOf(PLACEHOLDER)
      if (at >= 0) warnings.push(`${file}:${index + 1}: scaffold placeholder left: ${firstLine(line.slice(at))}`)
    })
  return warnings
}

interface LogEvent {
  type: string
  data: Record<string, unknown>
}

function parse(line: string): LogEvent | undefined {
  try {
    const event = JSON.parse(line) as LogEvent
    return event && typeof event.data === 'object' && event.data ? event : undefined
  } catch {
    return undefined
  }
}

/** The first line, at most 160 characters, cut at a word. */
function firstLine(text: string): string {
  const line = text.replace(/\n.*$/s, '').replace(/["',]*$/, '')
  if (line.length <= 160) return line
  const cut = line.lastIndexOf(' ', 160)
  return `${line.slice(0, cut > 80 ? cut : 160)} …`
}
