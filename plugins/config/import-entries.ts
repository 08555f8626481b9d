import { isGroup, type CompositionEntry } from './entries.ts'
import { ConfigError } from './errors.ts'
import { resolveEntryModule } from './resolve-module.ts'

/** What the Loader receives: the same entries, with enabled names rewritten to `cordis:<key>`. */
export interface LoaderEntry {
  id: string
  name: string
  config?: unknown
  disabled?: boolean
  group?: boolean
}

interface ImportedEntries {
  entries: LoaderEntry[]
  /** Plugins to register as `loader.builtins[key]`, keyed by resolved module URL. */
  builtins: Record<string, unknown>
}

type ImportModule = (url: string) => Promise<unknown>

/** Resolved and imported plugins by entry name, for a composition that re-imports its entries often. */
export type PluginCache = Map<string, { url: string; plugin: unknown }>

// This import() runs from project code on purpose: the Loader's own import() cannot load .ts under vitest.
const importFromProject: ImportModule = (url) => import(url)

/**
 * Import every enabled entry's module and map the entries onto Loader builtins. Disabled entries
 * (and everything inside a disabled group) are neither resolved nor imported, and keep their name.
 * `known` are builtins already registered (e.g. `group`), usable as `cordis:<key>` names.
 */
export async function importEntries(
  entries: readonly CompositionEntry[],
  baseDir: string,
  known: Readonly<Record<string, unknown>>,
  importModule: ImportModule = importFromProject,
  cache?: PluginCache,
): Promise<ImportedEntries> {
  const builtins: Record<string, unknown> = {}

  const visit = async (entry: CompositionEntry, enabled: boolean): Promise<LoaderEntry> => {
    const active = enabled && !entry.disabled
    if (isGroup(entry)) {
      const children: LoaderEntry[] = []
      for (const child of entry.config) children.push(await visit(child, active))
      return { ...entry, config: children }
    }
    // No config (or an empty `config:`) means {}, so a plugin's object schema sees its defaults.
    const config = entry.config ?? {}
    if (!active) return { ...entry, config }
    if (entry.name.startsWith('cordis:')) {
      const key = entry.name.slice('cordis:'.length)
      if (!(key in known))
        throw new ConfigError(
          `entry "${entry.id}": unknown builtin "${entry.name}" (known: ${Object.keys(known)
            .map((k) => `cordis:${k}`)
            .join(', ')})`,
        )
      return { ...entry, config }
    }
    // A re-import resolves and loads nothing again: under tsx each import() is a round trip to the loader thread.
    const key = `${baseDir}\0${entry.name}`
    let loaded = cache?.get(key)
    if (!loaded) {
      const url = resolveEntryModule({ id: entry.id, name: entry.name, baseDir })
      loaded = { url, plugin: builtins[url] ?? (await loadPlugin(entry, url, importModule)) }
      cache?.set(key, loaded)
    }
    builtins[loaded.url] = loaded.plugin
    return { ...entry, name: `cordis:${loaded.url}`, config }
  }

  const result: LoaderEntry[] = []
  for (const entry of entries) result.push(await visit(entry, true))
  return { entries: result, builtins }
}

async function loadPlugin(entry: CompositionEntry, url: string, importModule: ImportModule): Promise<unknown> {
  let mod: unknown
  try {
    mod = await importModule(url)
  } catch (error) {
    throw new Error(
      `entry "${entry.id}": importing module "${entry.name}" (${url}) failed: ${(error as Error)?.message ?? error}`,
      { cause: error },
    )
  }
  // Our plugin modules either default-export the plugin or export name/apply themselves.
  const plugin = (mod as { default?: unknown })?.default ?? mod
  const applicable =
    typeof plugin === 'function' ||
    (typeof plugin === 'object' && plugin !== null && typeof (plugin as { apply?: unknown }).apply === 'function')
  if (!applicable) {
    throw new ConfigError(
      `entry "${entry.id}": module "${entry.name}" (${url}) is not a Cordis plugin; export apply (and name), or ` +
        `default-export a plugin`,
    )
  }
  return plugin
}
