// Which file, line and column set each config value of the effective composition: the
// composition file, then every overlay patch that merged, replaced or inserted it (the last
// writer wins, like the values themselves). Boot uses it to name the place of a value that
// fails a plugin's config validation (docs/config-overlays.md, "Error positions").
import type { PositionTable, SourcePosition } from './yaml-positions.ts'

type Locations = Map<string, string>

export class ConfigSources {
  /** Entry id → config path ("bash.maxOutputBytes", "" for the config itself) → "file:line:column". */
  private readonly entries = new Map<string, Locations>()

  /** Entries as written in a composition file or an `insert` patch (groups included). */
  addEntries(raw: unknown, file: string, table: PositionTable): void {
    if (!Array.isArray(raw)) return
    for (const item of raw) {
      if (!isRecord(item) || typeof item.id !== 'string') continue
      if (item.group === true) {
        this.addEntries(item.config, file, table)
        continue
      }
      const locations: Locations = new Map()
      this.entries.set(item.id, locations)
      const at = table.get(item)?.get('config') ?? table.get(item)?.get('id')
      record(locations, item.config, [], at && format(file, at), file, table)
    }
  }

  /** An overlay's patches, after they were applied (so they are known to be valid). */
  applyPatches(raw: unknown, file: string, table: PositionTable): void {
    if (!Array.isArray(raw)) return
    for (const patch of raw) {
      if (!isRecord(patch)) continue
      // In-memory patches have no positions: their label is the best place to name.
      const where = (key: string) => {
        const at = table.get(patch)?.get(key)
        return at ? format(file, at) : file
      }
      if ('insert' in patch) this.addEntries(patch.insert, file, table)
      else if (typeof patch.id !== 'string') continue
      else if ('remove' in patch) this.entries.delete(patch.id)
      else if ('replace' in patch) {
        const locations: Locations = new Map()
        this.entries.set(patch.id, locations)
        record(locations, patch.replace, [], where('replace'), file, table)
      } else if ('config' in patch) {
        if (!this.entries.has(patch.id)) this.entries.set(patch.id, new Map())
        record(this.entries.get(patch.id)!, patch.config, [], where('config'), file, table)
      }
    }
  }

  /** Where the value at `path` of entry `id` (or its nearest located ancestor) was written. */
  locate(id: string, path: string): string | undefined {
    const locations = this.entries.get(id)
    if (!locations) return undefined
    for (let key = path; ; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
      const found = locations.get(key)
      if (found || key === '') return found
    }
  }
}

/** Note where `value` (at `path`) and everything inside it was written; objects merge, the rest replaces. */
function record(
  locations: Locations,
  value: unknown,
  path: string[],
  at: string | undefined,
  file: string,
  table: PositionTable,
): void {
  const key = path.join('.')
  if (at) locations.set(key, at)
  // An array or a scalar replaces what was there: the places of its old contents are gone too.
  if (key && !isRecord(value)) {
    for (const existing of [...locations.keys()]) if (existing.startsWith(`${key}.`)) locations.delete(existing)
  }
  if (value === null || typeof value !== 'object') return
  const positions = table.get(value)
  for (const [childKey, child] of Object.entries(value)) {
    const childAt = positions?.get(childKey)
    record(locations, child, [...path, childKey], childAt ? format(file, childAt) : at, file, table)
  }
}

function format(file: string, at: SourcePosition): string {
  return `${file}:${at.line}:${at.column}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const ISSUE_LINE = /^( {2}- )(.*?)(?: \(at (.+)\))?$/

/**
 * Cordis reports a plugin's invalid config as `invalid config:` and one `  - <message> (at <path>)`
 * line per issue; put the place each value was written in front of its message.
 */
export function locateIssues(message: string, locate: (path: string) => string | undefined): string {
  if (!message.startsWith('invalid config:')) return message
  return message
    .split('\n')
    .map((line) => {
      const match = ISSUE_LINE.exec(line)
      if (!match) return line
      const where = locate(match[3] ?? '')
      return where ? `${match[1]}${where}: ${match[2]}${match[3] ? ` (at ${match[3]})` : ''}` : line
    })
    .join('\n')
}
