import { z } from 'zod'
import { docFile } from '../../lib/package-root.ts'
import { assertUniqueIds, isGroup, listIds, locateEntry, parseEntries, type CompositionEntry } from './entries.ts'
import { ConfigError, formatIssues } from './errors.ts'
import type { SourcePosition } from './yaml-positions.ts'
import { describeSelector, Selector, selectEntries, type TraitsOf } from './selector.ts'
import { noun } from '../../lib/plural.ts'

/**
 * The overlay patches of docs/design.md §3; exactly one action key per patch. Two opt-in modifiers let one
 * overlay fit compositions that differ (docs/config-overlays.md): `ifPresent` skips an id patch whose
 * entry does not exist, `ifAbsent` inserts only the entries whose id does not exist yet.
 */
export type Patch =
  | ({ name?: string; config: Record<string, unknown>; ifPresent?: true } & Target)
  | ({ replace: Record<string, unknown>; ifPresent?: true } & Target)
  | ({ disabled: boolean; ifPresent?: true } & Target)
  | ({ remove: true; ifPresent?: true } & Target)
  | { insert: CompositionEntry[]; after?: string | Selector; into?: string; ifAbsent?: true; unless?: Selector }

/** Which entries a patch changes: one by `id`, or every one a selector matches (selector.ts). */
type Target = { id: string; where?: undefined } | { where: Selector; id?: undefined }

const Id = z.string().min(1)
const ConfigObject = z.record(z.string(), z.unknown())
const IfPresent = z
  .literal(true, { error: 'ifPresent can only be true (leave it out to require the entry)' })
  .optional()
const IfAbsent = z.literal(true, { error: 'ifAbsent can only be true (leave it out to require new ids)' }).optional()
/** `id` or `where`, exactly one. */
const targeted = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject({ id: Id.optional(), where: Selector.optional(), ...shape })
    .refine((patch: { id?: unknown; where?: unknown }) => (patch.id === undefined) !== (patch.where === undefined), {
      message: 'a patch names its entry with exactly one of id and where',
    })
const PatchSchemas = {
  config: targeted({ name: z.string().min(1).optional(), config: ConfigObject, ifPresent: IfPresent }),
  replace: targeted({ replace: ConfigObject, ifPresent: IfPresent }),
  disabled: targeted({ disabled: z.boolean(), ifPresent: IfPresent }),
  remove: targeted({ remove: z.literal(true), ifPresent: IfPresent }),
  insert: z.strictObject({
    insert: z.array(z.unknown()).min(1),
    after: z.union([Id, Selector]).optional(),
    into: Id.optional(),
    ifAbsent: IfAbsent,
    unless: Selector.optional(),
  }),
}
type Action = keyof typeof PatchSchemas
const ACTIONS = Object.keys(PatchSchemas) as Action[]
const PATCH_KEYS = new Set(Object.values(PatchSchemas).flatMap((schema) => Object.keys(schema.shape)))

/**
 * Validate raw overlay data (a YAML list) into patches. `source` names the overlay in errors:
 * a file path, or a label for in-memory patches.
 */
export function parsePatches(
  raw: unknown,
  source: string,
  positions: readonly (SourcePosition | undefined)[] = [],
): Patch[] {
  if (raw === null || raw === undefined) return []
  if (!Array.isArray(raw)) {
    throw new ConfigError(
      `${source}: an overlay is a YAML list of patches, got ` +
        `${typeof raw === 'object' ? 'a mapping' : `a ${typeof raw}`}; see ${docFile('config-overlays.md')}`,
    )
  }
  return raw.map((item, index) => parsePatch(item, patchLabel(source, index, raw.length, item, positions[index])))
}

function parsePatch(item: unknown, label: string): Patch {
  if (!item || typeof item !== 'object' || Array.isArray(item)) {
    throw new ConfigError(`${label}: a patch is a mapping such as { id, disabled: true }`)
  }
  const actions = ACTIONS.filter((key) => key in item)
  const [action] = actions
  if (!action || actions.length > 1) {
    const unknown = Object.keys(item)
      .filter((key) => !PATCH_KEYS.has(key))
      .map((key) => `"${key}"`)
    const problem =
      actions.length > 1
        ? `combines ${actions.join(' and ')}; write one patch per change`
        : unknown.length
          ? `has unknown patch ${noun(unknown.length, 'key')} ${unknown.join(', ')}`
          : 'says nothing to do'
    throw new ConfigError(`${label}: ${problem}; a patch has exactly one of ${ACTIONS.join(', ')}`)
  }
  const result = PatchSchemas[action].safeParse(item)
  if (!result.success) {
    throw new ConfigError(`${label}: invalid ${action} patch:\n${formatIssues(result.error.issues)}`)
  }
  if (action === 'insert') {
    const patch = result.data as {
      insert: unknown[]
      after?: string | Selector
      into?: string
      ifAbsent?: true
      unless?: Selector
    }
    return { ...patch, insert: parseEntries(patch.insert, `${label} insert`) }
  }
  return result.data as Patch
}

/** `overlay.yml:4:3: patch 2 of 3 (id "x")`; the line and column when the patch was read from a file. */
function patchLabel(source: string, index: number, total: number, item: unknown, at?: SourcePosition): string {
  const { id: named, where } = (item && typeof item === 'object' ? item : {}) as { id?: unknown; where?: unknown }
  const parsed = Selector.safeParse(where)
  const id =
    typeof named === 'string' ? ` (id "${named}")` : parsed.success ? ` (where ${describeSelector(parsed.data)})` : ''
  return `${source}${at ? `:${at.line}:${at.column}` : ''}: patch ${index + 1} of ${total}${id}`
}

/**
 * Apply patches in order and return a new entry list; neither `entries` nor `patches` is mutated.
 * Ids are looked up anywhere in the tree, groups included. Every mismatch is an error that names
 * `source`, the patch's position (and its line and column when `positions` come from the file) and
 * the id: a patch never silently does nothing unless it says `ifPresent` / `ifAbsent`.
 */
export function applyOverlay(
  entries: readonly CompositionEntry[],
  patches: readonly unknown[],
  source: string,
  positions: readonly (SourcePosition | undefined)[] = [],
  traitsOf?: TraitsOf,
): CompositionEntry[] {
  const result = structuredClone(entries) as CompositionEntry[]
  const parsed = parsePatches(patches, source, positions)
  parsed.forEach((patch, index) =>
    applyPatch(result, patch, patchLabel(source, index, parsed.length, patch, positions[index]), traitsOf),
  )
  return result
}

function applyPatch(entries: CompositionEntry[], patch: Patch, label: string, traitsOf?: TraitsOf): void {
  if ('insert' in patch) {
    if (patch.unless && selectEntries(entries, patch.unless, traitsOf, label).length) return
    insertEntries(entries, { ...patch, after: anchorId(entries, patch.after, traitsOf, label) }, label)
    return
  }
  if (patch.where) {
    const matched = selectEntries(entries, patch.where, traitsOf, label)
    if (!matched.length && !patch.ifPresent) throw unmatched(entries, patch.where, label)
    for (const entry of matched) applyPatch(entries, { ...patch, where: undefined, id: entry.id } as Patch, label)
    return
  }
  const found = locateEntry(entries, patch.id)
  if (!found) {
    if (patch.ifPresent) return
    throw unknownId(entries, patch.id, label)
  }
  const { entry, siblings, index } = found
  if ('remove' in patch) {
    siblings.splice(index, 1)
  } else if ('disabled' in patch) {
    if (patch.disabled) entry.disabled = true
    else delete entry.disabled
  } else {
    if (isGroup(entry)) {
      throw new ConfigError(
        `${label}: entry "${entry.id}" is a group; its config is its child list, so patch the children by id or ` +
          `insert into it`,
      )
    }
    if ('replace' in patch) {
      entry.config = structuredClone(patch.replace)
    } else {
      if (patch.name !== undefined && patch.name !== entry.name) {
        throw new ConfigError(
          `${label}: name guard "${patch.name}" does not match entry "${entry.id}", whose name is "${entry.name}"; ` +
            `the overlay was written for a different plugin`,
        )
      }
      entry.config = mergeConfig(entry.config, patch.config)
    }
  }
}

function insertEntries(
  entries: CompositionEntry[],
  patch: Extract<Patch, { insert: unknown }> & { after?: string },
  label: string,
): void {
  const existing = new Set(listIds(entries))
  // ifAbsent: an entry whose id exists stays as it is (name and config are not compared).
  const insert = patch.ifAbsent ? patch.insert.filter((entry) => !existing.has(entry.id)) : patch.insert
  if (!insert.length) return
  for (const id of listIds(insert)) {
    if (existing.has(id))
      throw new ConfigError(
        `${label}: cannot insert entry "${id}": that id already exists; remove it first or pick another id`,
      )
  }
  assertUniqueIds(insert, `${label} insert`)

  let target = entries
  if (patch.into !== undefined) {
    const group = locateEntry(entries, patch.into)
    if (!group) throw unknownId(entries, patch.into, `${label} into`)
    if (!isGroup(group.entry)) {
      throw new ConfigError(
        `${label}: into "${patch.into}" is not a group; a group is { id, name: cordis:group, group: true, config: ` +
          `[entries] }`,
      )
    }
    target = group.entry.config
  }

  let position = target.length
  if (patch.after !== undefined) {
    if (patch.into !== undefined) {
      const index = target.findIndex((entry) => entry.id === patch.after)
      if (index < 0)
        throw new ConfigError(`${label}: after "${patch.after}" is not a direct child of group "${patch.into}"`)
      position = index + 1
    } else {
      const anchor = locateEntry(entries, patch.after)
      if (!anchor) throw unknownId(entries, patch.after, `${label} after`)
      target = anchor.siblings
      position = anchor.index + 1
    }
  }
  target.splice(position, 0, ...structuredClone(insert))
}

/** `after` as an id: a selector names the first entry it matches. */
function anchorId(
  entries: CompositionEntry[],
  after: string | Selector | undefined,
  traitsOf: TraitsOf | undefined,
  label: string,
): string | undefined {
  if (after === undefined || typeof after === 'string') return after
  const [first] = selectEntries(entries, after, traitsOf, label)
  if (!first) throw unmatched(entries, after, `${label} after`)
  return first.id
}

function unmatched(entries: CompositionEntry[], selector: Selector, label: string): ConfigError {
  const overlay = selector.provides === undefined ? undefined : PROVIDED_BY_OVERLAY[selector.provides]
  const fix = overlay
    ? `the ${selector.provides} service is added by ${overlay}: apply --patch ${overlay} before this overlay`
    : 'add such an entry to the composition, or say ifPresent: true'
  return new ConfigError(
    `${label}: no entry matches where ${describeSelector(selector)} (entries: ` +
      `${listIds(entries).join(', ') || 'none'}); ${fix}`,
  )
}

/** Entries and services the bundle's own overlays add, so an overlay that needs one can say which to apply first. */
const ADDED_BY_OVERLAY: Record<string, string> = { 'llm-replay': 'cordis.snapshot.yml' }
const PROVIDED_BY_OVERLAY: Record<string, string> = { replay: 'cordis.snapshot.yml' }

function unknownId(entries: CompositionEntry[], id: string, label: string): ConfigError {
  const overlay = ADDED_BY_OVERLAY[id]
  const fix = overlay
    ? `entry "${id}" is added by ${overlay}: apply --patch ${overlay} before this overlay`
    : 'fix the id or drop the patch'
  return new ConfigError(
    `${label}: no entry has id "${id}" (known ids: ${listIds(entries).join(', ') || 'none'}); ${fix}`,
  )
}

/** Objects merge key by key; arrays and scalars replace (docs/design.md §3). */
export function mergeConfig(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return structuredClone(patch)
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(patch)) {
    // defineProperty: a YAML key "__proto__" must stay a plain key, not replace the prototype.
    Object.defineProperty(merged, key, {
      value: Object.hasOwn(base, key) ? mergeConfig(base[key], value) : structuredClone(value),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return merged
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
