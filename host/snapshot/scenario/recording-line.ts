// Record mode states where a scenario's fixtures came from by rewriting one line of its
// snapshot.yml. Pure and textual, so the manifest's comments, order and spacing survive: only
// the value of the top-level `recording:` line changes (a trailing comment stays too).
import type { RecordingSource } from './manifest.ts'
import { ScenarioFileError } from './issues.ts'
import { parseYamlData } from './yaml.ts'

const RECORDING_LINE = /^recording[ \t]*:(?<rest>[^\r\n]*)(?<eol>\r?\n?)$/
// A plain or quoted one-line value, then optional spacing and a comment.
const VALUE_AND_TRAIL = /^(?<lead>[ \t]*)(?<value>"[^"]*"|'[^']*'|[^\s#][^#]*?)(?<trail>(?:[ \t]+#.*)?[ \t]*)$/

/**
 * The manifest text with its `recording:` value set to `source`; the same string when it
 * already says so. Throws a ScenarioFileError naming `file` when the line cannot be found
 * or rewritten safely (then the manifest needs a plain `recording: <value>` line).
 */
export function setRecordingLine(text: string, source: RecordingSource, file: string): string {
  const lines = text.split(/(?<=\n)/)
  const fail = (message: string, line?: number): never => {
    throw new ScenarioFileError(file, [{ path: 'recording', line, message }])
  }
  const found = lines.flatMap((line, index) => {
    const groups = RECORDING_LINE.exec(line)?.groups
    return groups ? [{ index, rest: groups.rest ?? '', eol: groups.eol ?? '' }] : []
  })
  if (found.length !== 1) {
    fail(
      found.length
        ? `appears on ${found.length} lines; keep one`
        : `no top-level "recording: …" line to rewrite; write the manifest as block YAML with recording: ${source}`,
    )
  }
  const { index, rest, eol } = found[0] as (typeof found)[number]
  const parts = VALUE_AND_TRAIL.exec(rest)?.groups
  if (!parts)
    return fail(`write the value on the same line (recording: ${source}) so record mode can rewrite it`, index + 1)
  const { lead = '', value = '', trail = '' } = parts
  if (unquote(value) === source) return text
  const rewritten = [...lines]
  rewritten[index] = `recording:${lead || ' '}${source}${trail}${eol}`
  const result = rewritten.join('')
  // The textual edit must mean what it says in YAML too (e.g. not inside a flow mapping).
  const data = parseYamlData(result, file) as { recording?: unknown } | null
  if (data?.recording !== source) fail(`rewriting line ${index + 1} did not set recording to ${source}`, index + 1)
  return result
}

function unquote(value: string): string {
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value.trimEnd()
}
