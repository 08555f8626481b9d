import { z } from 'zod'
import { ConfigError, formatIssues } from './errors.ts'

/** One Loader entry as written in cordis.yml (docs/design.md §3). */
export interface CompositionEntry {
  id: string
  /** Module specifier (`./x` relative to the composition file), or `cordis:group` for a group. */
  name: string
  config?: unknown
  disabled?: boolean
  group?: boolean
}

/** A group holds its child entries in `config`; ids inside it share the composition's id space. */
export interface GroupEntry extends CompositionEntry {
  name: typeof GROUP_NAME
  group: true
  config: CompositionEntry[]
}

export const GROUP_NAME = 'cordis:group'

const EntryShape = z.strictObject({
  // `:` separates ids of nested Loader trees, so it cannot appear inside one.
  id: z.string().regex(/^[^:\s]+$/, 'id must be a non-empty string without ":" or spaces'),
  name: z.string().min(1, 'name must be a module specifier'),
  config: z.unknown().optional(),
  disabled: z.boolean().optional(),
  group: z.boolean().optional(),
})

export function isGroup(entry: CompositionEntry): entry is GroupEntry {
  return entry.group === true
}

/**
 * Validate a list of entries (recursing into groups) and return a fresh copy.
 * `where` names the list in errors, e.g. `cordis.yml` or `overlay.yml: patch 2 insert`.
 */
export function parseEntries(raw: unknown, where: string, path: string = ''): CompositionEntry[] {
  if (!Array.isArray(raw)) {
    throw new ConfigError(
      `${where}${path ? ` at ${path}` : ''}: expected a YAML list of entries ({ id, name, config? }), got ` +
        `${describe(raw)}`,
    )
  }
  return raw.map((item, index) => parseEntry(item, where, `${path}[${index}]`))
}

function parseEntry(raw: unknown, where: string, path: string): CompositionEntry {
  const result = EntryShape.safeParse(raw)
  const label = `${where}: entry ${path}${idOf(raw)}`
  if (!result.success) {
    throw new ConfigError(
      `${label} is invalid:\n${formatIssues(result.error.issues)}\nAn entry is { id, name, config?, disabled?, ` +
        `group? }.`,
    )
  }
  const entry = result.data
  const copy: CompositionEntry = { id: entry.id, name: entry.name }
  if (entry.group !== undefined) copy.group = entry.group
  if (entry.disabled !== undefined) copy.disabled = entry.disabled
  if (entry.group || entry.name === GROUP_NAME) {
    if (!entry.group || entry.name !== GROUP_NAME) {
      throw new ConfigError(`${label}: a group needs both name: ${GROUP_NAME} and group: true`)
    }
    copy.config = parseEntries(entry.config ?? [], where, `${path}.config`)
  } else if (entry.config !== undefined) {
    copy.config = structuredClone(entry.config)
  }
  return copy
}

function idOf(raw: unknown): string {
  const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined
  return typeof id === 'string' ? ` (id "${id}")` : ''
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'an empty document'
  return Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a mapping' : `a ${typeof value}`
}

/** Every id in the tree, depth first. */
export function listIds(entries: readonly CompositionEntry[]): string[] {
  return entries.flatMap((entry) => [entry.id, ...(isGroup(entry) ? listIds(entry.config) : [])])
}

/** Throw if an id appears twice anywhere in the tree (the Loader keeps one id space per tree). */
export function assertUniqueIds(entries: readonly CompositionEntry[], where: string): void {
  const seen = new Set<string>()
  for (const id of listIds(entries)) {
    if (seen.has(id))
      throw new ConfigError(
        `${where}: entry id "${id}" appears more than once; ids must be unique, including inside groups`,
      )
    seen.add(id)
  }
}

interface EntryLocation {
  /** The list (root or a group's config) that holds the entry; mutate it to move or drop the entry. */
  siblings: CompositionEntry[]
  index: number
  entry: CompositionEntry
}

/** Find an entry by id anywhere in the tree. */
export function locateEntry(entries: CompositionEntry[], id: string): EntryLocation | undefined {
  for (const [index, entry] of entries.entries()) {
    if (entry.id === id) return { siblings: entries, index, entry }
    if (isGroup(entry)) {
      const found = locateEntry(entry.config, id)
      if (found) return found
    }
  }
  return undefined
}
