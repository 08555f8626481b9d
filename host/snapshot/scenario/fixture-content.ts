// Guards over what committed fixtures contain (pure over file texts): request headers
// must stay scrubbed in session logs, and two pins must not keep identical sidecars.
import { SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS } from '../core/fixture-files.ts'

/** A committed log's request/header events must carry `{{system}}` / `{{tools}}`, never the bulk. */
export function unscrubbedHeaderProblems(text: string, file: string): string[] {
  const problems: string[] = []
  text.split('\n').forEach((line, index) => {
    if (!line.includes('"request/header"')) return
    let record: { type?: string; data?: { system?: unknown; tools?: unknown } }
    try {
      record = JSON.parse(line)
    } catch {
      return // the log reader reports malformed lines with their position
    }
    if (record.type !== 'request/header') return
    const fields = [
      record.data?.system !== '{{system}}' && 'system',
      record.data?.tools !== '{{tools}}' && 'tools',
    ].filter(Boolean)
    if (fields.length) {
      problems.push(
        `${file}:${index + 1}: request/header keeps its ${fields.join(' and ')} unscrubbed; committed logs store ` +
          `"{{system}}" / "{{tools}}" and the pin's sidecars hold the text (refresh with npx dsh test <name> --mode ` +
          `refresh)`,
      )
    }
  })
  return problems
}

export interface PinSidecars {
  scenario: string
  system?: string
  tools?: string
  /** How many other pins name this one as a sidecar source. */
  namedAsSource?: number
  /** Scenarios in this pin's header class (the pin included). */
  classSize?: number
}

/**
 * Which of several pins keeping the same sidecar owns it: the one other pins already name as a
 * source, else the pin of the larger class, else the first by name. Never the order on disk, so
 * the guard asks the newcomer (not the established pin) to point at the owner.
 */
function ownerOrder(a: PinSidecars, b: PinSidecars): number {
  return (
    (b.namedAsSource ?? 0) - (a.namedAsSource ?? 0) ||
    (b.classSize ?? 0) - (a.classSize ?? 0) ||
    a.scenario.localeCompare(b.scenario)
  )
}

/** A pin keeping a sidecar byte-identical to another pin's: it should name `owner` as its source instead. */
interface SharedSidecar {
  scenario: string
  /** The sidecar file, e.g. `system-prompt.expected.md`. */
  file: string
  /** The manifest field that names the source. */
  option: 'systemPromptSource' | 'toolSchemasSource'
  owner: string
}

/** Byte-identical sidecars kept by two pins: all but the owner (ownerOrder) should name the owner as their source. */
export function sharedSidecars(pins: readonly PinSidecars[]): SharedSidecar[] {
  const shared: SharedSidecar[] = []
  const ranked = [...pins].sort(ownerOrder)
  for (const [field, file, option] of [
    ['system', SIDECAR_SYSTEM_PROMPT, 'systemPromptSource'],
    ['tools', SIDECAR_TOOL_SCHEMAS, 'toolSchemasSource'],
  ] as const) {
    const owners = new Map<string, string>()
    for (const pin of ranked) {
      const text = pin[field]
      if (text === undefined) continue
      const owner = owners.get(text)
      if (owner) shared.push({ scenario: pin.scenario, file, option, owner })
      else owners.set(text, pin.scenario)
    }
  }
  return shared.sort((a, b) => a.scenario.localeCompare(b.scenario))
}

/**
 * The replay guard over sharedSidecars. Record and refresh never leave such a copy (they name the
 * source themselves: env/share-sidecars.ts), so the fix offered is the refresh, or the edit by hand.
 */
export function duplicateSidecarProblems(
  pins: readonly PinSidecars[],
): Array<{ scenario: string; file: string; message: string }> {
  return sharedSidecars(pins).map(({ scenario, file, option, owner }) => ({
    scenario,
    file: `scenarios/${scenario}/${file}`,
    message:
      `scenarios/${scenario}/${file} is identical to scenarios/${owner}/${file}; ` +
      `npx dsh test ${scenario} --mode refresh deletes it and sets header.${option}: ${owner} ` +
      `in scenarios/${scenario}/snapshot.yml (or make that edit by hand)`,
  }))
}
