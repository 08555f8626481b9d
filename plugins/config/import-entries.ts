import { isGroup, type CompositionEntry } from './entries.ts'
import { ConfigError } from './errors.ts'
import { ModuleCache } from './module-cache.ts'

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

/**
 * Import every enabled entry's module and map the entries onto Loader builtins. Disabled entries
 * (and everything inside a disabled group) keep their name. `known` are builtins already
 * registered (e.g. `group`), usable as `cordis:<key>` names. A re-import of the same name loads
 * nothing again (`modules`): under tsx each import() is a round trip to the loader thread.
 */
export async function importEntries(
  entries: readonly CompositionEntry[],
  baseDir: string,
  known: Readonly<Record<string, unknown>>,
  modules: ModuleCache = new ModuleCache(),
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
    const loaded = await modules.load(entry, baseDir)
    builtins[loaded.url] ??= loaded.plugin
    return { ...entry, name: `cordis:${loaded.url}`, config }
  }

  const result: LoaderEntry[] = []
  for (const entry of entries) result.push(await visit(entry, true))
  return { entries: result, builtins }
}
