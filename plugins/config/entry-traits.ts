// What an entry's plugin says it is, read from its module before it starts: the services it
// provides (Cordis's `provide`) and, for a model adapter, its `modelAdapter(config)` description
// (docs/model-providers.md). Overlays select entries by these (`where:`, `unless:`), so the bundle's
// overlays fit any profile without knowing its entry ids.
import type { ModelAdapterInfo } from '../llm/adapter.ts'
import { type CompositionEntry, isGroup } from './entries.ts'
import { ConfigError } from './errors.ts'
import type { LoadedModule, ModuleCache } from './module-cache.ts'
import type { EntryTraits, TraitsOf } from './selector.ts'

export type { EntryTraits, TraitsOf } from './selector.ts'

/** Import the module of every entry (enabled or not), so `traitsFrom` can answer for each. */
export async function loadEntryModules(
  entries: readonly CompositionEntry[],
  baseDir: string,
  modules: ModuleCache,
): Promise<void> {
  const leaves = flatten(entries).filter((entry) => !entry.name.startsWith('cordis:'))
  // A module that fails is remembered by the cache: a selector that needs it names the failure.
  await Promise.all(leaves.map((entry) => modules.load(entry, baseDir).catch(() => {})))
}

/**
 * Traits from the modules `modules` has loaded (loadEntryModules first), each entry's read once:
 * overlays ask for every entry once per selector, and a model adapter's description parses its
 * config (a `dsh serve --patch cordis.snapshot.yml` boot asked 83 times and described adapters 9).
 */
export function traitsFrom(modules: ModuleCache, baseDir: string): TraitsOf {
  const read = new WeakMap<CompositionEntry, EntryTraits | Error>()
  return (entry) => {
    if (entry.name.startsWith('cordis:')) return { provides: [] }
    const loaded = modules.peek(entry.name, baseDir)
    if (!loaded) return new ConfigError(`entry "${entry.id}": its module was not loaded before overlays selected it`)
    if (loaded instanceof Error) return loaded
    const known = read.get(entry)
    if (known) return known
    const traits = readTraits(entry, loaded)
    read.set(entry, traits)
    return traits
  }
}

function readTraits(entry: CompositionEntry, loaded: LoadedModule): EntryTraits | Error {
  const plugin = loaded.plugin as { provide?: unknown; modelAdapter?: unknown }
  const provide = plugin.provide
  const provides = typeof provide === 'string' ? [provide] : Array.isArray(provide) ? provide.map(String) : []
  if (typeof plugin.modelAdapter !== 'function') return { provides }
  try {
    return { provides, modelAdapter: plugin.modelAdapter(entry.config ?? {}) as ModelAdapterInfo }
  } catch (error) {
    return new ConfigError(
      `entry "${entry.id}": its plugin's modelAdapter(config) refused the config: ${(error as Error).message}`,
    )
  }
}

function flatten(entries: readonly CompositionEntry[]): CompositionEntry[] {
  return entries.flatMap((entry) => (isGroup(entry) ? flatten(entry.config) : [entry]))
}

/** A model adapter entry of a composition, running or not, as its module describes it. */
export interface ComposedAdapter {
  entry: string
  enabled: boolean
  info: ModelAdapterInfo
}

/** Every entry whose plugin is a model adapter, enabled or not (inside a disabled group: not), in order. */
export function listModelAdapters(entries: readonly CompositionEntry[], traitsOf: TraitsOf): ComposedAdapter[] {
  const visit = (list: readonly CompositionEntry[], enabled: boolean): ComposedAdapter[] =>
    list.flatMap((entry) => {
      const on = enabled && !entry.disabled
      if (isGroup(entry)) return visit(entry.config, on)
      const traits = traitsOf(entry)
      if (traits instanceof Error || !traits.modelAdapter) return []
      return [{ entry: entry.id, enabled: on, info: traits.modelAdapter }]
    })
  return visit(entries, true)
}
