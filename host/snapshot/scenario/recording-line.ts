// Record mode states where a scenario's fixtures came from by rewriting top-level lines of its
// snapshot.yml: `recording:` and beside it the provenance (stubVia, models, date, dshVersion). Pure and
// textual, so the manifest's comments, order and spacing survive: only those values change (a
// trailing comment stays too); a provenance line that is missing is added after the one before it.
import type { RecordingSource } from './manifest.ts'
import { ScenarioFileError } from './issues.ts'
import { parseYamlData } from './yaml.ts'
import { plural } from '../../../lib/plural.ts'

// A plain or quoted one-line value (or a one-line flow list), then optional spacing and a comment.
const VALUE_AND_TRAIL =
  /^(?<lead>[ \t]*)(?<value>"[^"]*"|'[^']*'|\[[^\]#]*\]|[^\s#][^#]*?)(?<trail>(?:[ \t]+#.*)?[ \t]*)$/

/** What record mode states about a recording; fields left undefined are not touched. */
export interface Provenance {
  recording: RecordingSource
  /** `--stub`: the wire(s) or `stand-in` (docs/model-providers.md). */
  stubVia?: string
  models?: readonly string[]
  date?: string
  dshVersion?: string
}

/**
 * The manifest text with its `recording:` value set to `source`; the same string when it
 * already says so. Throws a ScenarioFileError naming `file` when the line cannot be found
 * or rewritten safely (then the manifest needs a plain `recording: <value>` line).
 */
function setRecordingLine(text: string, source: RecordingSource, file: string): string {
  return setTopLevelValue(text, { key: 'recording', rendered: source, value: source }, file)
}

/** The manifest text with every given provenance field set, each new line after the field before it. */
export function setProvenanceLines(text: string, provenance: Provenance, file: string): string {
  let out = setRecordingLine(text, provenance.recording, file)
  // How a stub was reached says nothing about a live recording: its line goes.
  if (!provenance.stubVia) out = withoutTopLevelKey(out, 'stubVia')
  let after = 'recording'
  const fields: Array<[string, unknown, string | undefined]> = [
    ['stubVia', provenance.stubVia, provenance.stubVia],
    ['models', provenance.models, provenance.models && renderModels(provenance.models)],
    ['date', provenance.date, provenance.date],
    ['dshVersion', provenance.dshVersion, provenance.dshVersion && JSON.stringify(provenance.dshVersion)],
  ]
  for (const [key, value, rendered] of fields) {
    if (rendered !== undefined) out = setTopLevelValue(out, { key, rendered, value }, file, after)
    after = key
  }
  return out
}

interface TopLevelValue {
  key: string
  /** The value as YAML text on one line. */
  rendered: string
  /** What the YAML must read back as. */
  value: unknown
}

function setTopLevelValue(text: string, field: TopLevelValue, file: string, insertAfter?: string): string {
  const { key, rendered, value } = field
  const lines = text.split(/(?<=\n)/)
  const fail = (message: string, line?: number): never => {
    throw new ScenarioFileError(file, [{ path: key, line, message }])
  }
  const found = findKey(lines, key)
  let rewritten: string[]
  if (found.length === 0 && insertAfter !== undefined) {
    const anchor = findKey(lines, insertAfter).at(-1) ?? findKey(lines, 'recording')[0]
    if (!anchor) return fail(`no top-level "recording: …" line to add ${key} after`)
    const eol = anchor.eol || '\n'
    rewritten = [...lines]
    if (!anchor.eol) rewritten[anchor.index] += eol
    rewritten.splice(anchor.index + 1, 0, `${key}: ${rendered}${eol}`)
  } else {
    if (found.length !== 1) {
      fail(
        found.length
          ? `appears on ${plural(found.length, 'line')}; keep one`
          : `no top-level "${key}: …" line to rewrite; write the manifest as block YAML with ${key}: ${rendered}`,
      )
    }
    const { index, rest, eol } = found[0] as (typeof found)[number]
    const parts = VALUE_AND_TRAIL.exec(rest)?.groups
    if (!parts)
      return fail(`write the value on the same line (${key}: ${rendered}) so record mode can rewrite it`, index + 1)
    const { lead = '', value: old = '', trail = '' } = parts
    if (old.trim() === rendered || unquote(old) === rendered) return text
    rewritten = [...lines]
    rewritten[index] = `${key}:${lead || ' '}${rendered}${trail}${eol}`
  }
  const result = rewritten.join('')
  // The textual edit must mean what it says in YAML too (e.g. not inside a flow mapping).
  const data = parseYamlData(result, file) as Record<string, unknown> | null
  if (JSON.stringify(data?.[key]) !== JSON.stringify(value)) fail(`rewriting it did not set ${key} to ${rendered}`)
  return result
}

function withoutTopLevelKey(text: string, key: string): string {
  const lines = text.split(/(?<=\n)/)
  const found = new Set(findKey(lines, key).map(({ index }) => index))
  return found.size ? lines.filter((_, index) => !found.has(index)).join('') : text
}

function findKey(lines: readonly string[], key: string): Array<{ index: number; rest: string; eol: string }> {
  const pattern = new RegExp(`^${key}[ \\t]*:(?<rest>[^\\r\\n]*)(?<eol>\\r?\\n?)$`)
  return lines.flatMap((line, index) => {
    const groups = pattern.exec(line)?.groups
    return groups ? [{ index, rest: groups.rest ?? '', eol: groups.eol ?? '' }] : []
  })
}

/** The `models:` value as a one-line flow list, the way record and import write it. */
export function renderModels(models: readonly string[]): string {
  return `[${models.map(plainOrQuoted).join(', ')}]`
}

function plainOrQuoted(value: string): string {
  return /^[A-Za-z][\w./-]*$/.test(value) ? value : JSON.stringify(value)
}

function unquote(value: string): string {
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value.trimEnd()
}
