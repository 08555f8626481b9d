import { dump } from 'js-yaml'
import { isGroup, type CompositionEntry } from '../../../plugins/config/entries.ts'

const KEY_ORDER = ['id', 'name', 'disabled', 'group', 'config']

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

function ordered(entry: CompositionEntry): CompositionEntry {
  const copy: Record<string, unknown> = {}
  for (const key of KEY_ORDER) {
    if (entry[key as keyof CompositionEntry] === undefined) continue
    copy[key] = key === 'config' && isGroup(entry) ? entry.config.map(ordered) : entry[key as keyof CompositionEntry]
  }
  return copy as unknown as CompositionEntry
}
