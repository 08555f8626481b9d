// Record and refresh name another pin as the source of a sidecar they would otherwise copy byte
// for byte (fixture-content.ts sharedSidecars): they add `systemPromptSource:` /
// `toolSchemasSource:` to the manifest's `header` mapping. Pure and textual, like
// recording-line.ts, so comments, order and spacing survive; block (`header:` then indented keys)
// and one-line flow (`header: {class: x, pin: true}`) mappings are edited, anything else is refused.
import { ScenarioFileError } from './issues.ts'
import { parseYamlData } from './yaml.ts'

export type SidecarSourceField = 'systemPromptSource' | 'toolSchemasSource'

/** The manifest text with each given header field set; throws a ScenarioFileError naming `file` when it cannot. */
export function setHeaderSources(
  text: string,
  sources: Partial<Record<SidecarSourceField, string>>,
  file: string,
): string {
  let out = text
  for (const [key, value] of Object.entries(sources))
    if (value !== undefined) out = setHeaderField(out, key, value, file)
  return out
}

function setHeaderField(text: string, key: string, value: string, file: string): string {
  const before = parseYamlData(text, file) as { header?: Record<string, unknown> } | null
  const lines = text.split(/(?<=\n)/)
  const index = lines.findIndex((line) => /^header[ \t]*:/.test(line))
  const edited = index < 0 ? undefined : addToMapping(lines, index, `${key}: ${value}`)
  const after = edited === undefined ? undefined : (parseYamlData(edited, file) as typeof before)
  const expected = { ...before, header: { ...before?.header, [key]: value } }
  if (after && before?.header?.[key] === undefined && JSON.stringify(after) === JSON.stringify(expected)) return edited!
  throw new ScenarioFileError(file, [
    {
      path: `header.${key}`,
      line: index < 0 ? undefined : index + 1,
      message:
        `could not add "${key}: ${value}" to the header mapping; add it by hand ` +
        '(write header as block YAML, or as a one-line {…} mapping)',
    },
  ])
}

/** `entry` added to the mapping that starts on line `index`: after its last indented line, or inside its `{…}`. */
function addToMapping(lines: readonly string[], index: number, entry: string): string | undefined {
  const head = lines[index]
  if (head === undefined) return undefined
  const flow = /^(?<open>header[ \t]*:[ \t]*\{.*?)(?<close>[ \t]*\}[ \t]*(?:#.*)?\r?\n?)$/.exec(head)?.groups
  if (flow) {
    const empty = /\{[ \t]*$/.test(flow.open!)
    const updated = `${flow.open}${empty ? '' : ','} ${entry}${flow.close}`
    return [...lines.slice(0, index), updated, ...lines.slice(index + 1)].join('')
  }
  if (!/^header[ \t]*:[ \t]*(?:#.*)?\r?\n$/.test(head)) return undefined
  let last = index
  let tail = head
  let indent: string | undefined
  for (const [at, line] of lines.entries()) {
    if (at <= index) continue
    if (/^[ \t]*(?:#.*)?\r?\n?$/.test(line)) continue // blank lines and comments inside or after the block
    const lead = /^[ \t]+/.exec(line)?.[0]
    if (!lead) break
    indent ??= lead
    last = at
    tail = line
  }
  if (indent === undefined) return undefined
  const eol = /\r\n$/.test(head) ? '\r\n' : '\n'
  const lastLine = tail.endsWith('\n') ? tail : `${tail}${eol}`
  return [...lines.slice(0, last), lastLine, `${indent}${entry}${eol}`, ...lines.slice(last + 1)].join('')
}
