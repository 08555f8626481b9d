import { dump } from 'js-yaml'
import { isGroup, type CompositionEntry } from '../../../plugins/config/entries.ts'

/**
 * Render the effective entries as YAML that is itself a valid composition file. Every disabled
 * entry keeps `disabled: true`; a top-level disabled entry is also preceded by a `# disabled` line.
 */
export function renderEntries(entries: readonly CompositionEntry[], header: string[] = []): string {
  const lines = header.map((line) => `# ${line}\n`)
  if (!entries.length) return `${lines.join('')}[]\n`
  for (const entry of entries) {
    if (entry.disabled) lines.push('# disabled\n')
    lines.push(dump([ordered(entry)], { noRefs: true, lineWidth: -1 }))
  }
  return lines.join('')
}

/** The entry's keys in the order a reader expects: id, name, disabled, group, config (groups' children too). */
function ordered(entry: CompositionEntry): CompositionEntry {
  const { id, name, disabled, group, config } = entry
  return {
    id,
    name,
    ...(disabled !== undefined ? { disabled } : {}),
    ...(group !== undefined ? { group } : {}),
    ...(config !== undefined ? { config: isGroup(entry) ? entry.config.map(ordered) : config } : {}),
  }
}
