// The `composition` service: the effective entries the config plugin loaded, and a way to
// re-apply them with extra in-memory patches on the running Loader. The Loader compares each
// entry's options with what runs and restarts only the entries whose options changed (and,
// through Cordis's injection, the plugins that depend on them); everything else keeps running.
import path from 'node:path'
import type { Loader } from '@cordisjs/plugin-loader'
import { disposeEntryFiber } from './cordis-compat.ts'
import { type CompositionEntry, isGroup, listIds } from './entries.ts'
import { importEntries, type LoaderEntry } from './import-entries.ts'
import type { ModuleCache } from './module-cache.ts'
import { type ComposedAdapter, listModelAdapters, traitsFrom } from './entry-traits.ts'
import { applyInMemoryPatchesWithTraits, type Composition, type InMemoryPatches, type PatchSource } from './load.ts'
import type { EnvSource } from './yaml.ts'

declare module 'cordis' {
  interface Context {
    composition: LiveComposition
  }
}

export type { ComposedAdapter } from './entry-traits.ts'

export class LiveComposition {
  /** Builtin keys this composition registered on the Loader; removed when the config plugin stops. */
  readonly builtinKeys = new Set<string>()
  private current: CompositionEntry[]
  private queue: Promise<unknown> = Promise.resolve()
  /** What the Loader was last handed, and each entry as JSON (to find the ones that changed). */
  private applied?: { entries: LoaderEntry[]; json: string[] }
  private readonly patched = new Map<string, readonly CompositionEntry[]>()

  constructor(
    private readonly loader: Loader,
    /** As loaded: cordis.yml (or --config) and every overlay given at start. */
    readonly base: Composition,
    /** What it was loaded from, to boot a sibling composition with more overlays. */
    readonly sources: { patches: readonly PatchSource[]; env?: EnvSource },
    private readonly known: Readonly<Record<string, unknown>>,
    /** The entries' modules: imported once, read for traits (entry-traits.ts) and handed to the Loader. */
    readonly modules: ModuleCache,
  ) {
    this.current = base.entries
  }

  get configFile(): string {
    return this.base.configFile
  }

  /** The entries running now (the base, or the base with the last reconfigure's patches). */
  get entries(): readonly CompositionEntry[] {
    return this.current
  }

  /**
   * Every entry whose plugin is a model adapter (entry-traits.ts), enabled or not, in composition
   * order: replay and the scripted stub stand in for the disabled ones (docs/model-providers.md).
   */
  modelAdapters(): ComposedAdapter[] {
    return listModelAdapters(this.current, traitsFrom(this.modules, path.dirname(this.base.configFile)))
  }

  /** Import the entries' modules, register them as builtins and hand the Loader the list. */
  async start(entries: readonly CompositionEntry[]): Promise<void> {
    const imported = await importEntries(entries, path.dirname(this.base.configFile), this.known, this.modules)
    // Entries that stop are disposed first, consumers before providers (reverse composition order),
    // each awaited: as the composition's own shutdown does, so their last writes land in order.
    const staying = new Set(enabledIds(entries))
    for (const id of listIds(this.current).reverse()) if (!staying.has(id)) await disposeEntryFiber(this.loader, id)
    for (const [key, plugin] of Object.entries(imported.builtins)) {
      this.loader.builtins[key] = plugin
      this.builtinKeys.add(key)
    }
    this.current = [...entries]
    const before = this.applied
    const json = imported.entries.map((entry) => JSON.stringify(entry))
    this.applied = { entries: imported.entries, json }
    if (before && sameIds(before.entries, imported.entries)) {
      // Only entries whose options changed are touched: handing the Loader the whole list again
      // re-patches every entry's context, which costs more than restarting the few that changed.
      for (const [index, entry] of imported.entries.entries()) {
        if (json[index] === before.json[index]) continue
        await this.loader.update(entry.id, { ...entry, disabled: entry.disabled ?? null })
      }
    } else {
      await this.loader.root.update(imported.entries)
    }
    await this.loader.await()
  }

  /**
   * Run the base composition with `patches` applied after it (an empty list restores the base).
   * Patches replace the previous call's; calls run one at a time. Resolves once every entry has
   * settled; a plugin that fails to restart is reported as `internal/error`, as at boot.
   */
  reconfigure(patches: readonly InMemoryPatches[]): Promise<void> {
    const configDir = path.dirname(this.base.configFile)
    const run = async () => {
      // The same patches (a host's rest state, say) give the same entries: applied once, then remembered.
      const key = JSON.stringify(patches)
      let entries = this.patched.get(key)
      if (!entries) {
        entries = this.base.entries
        for (const overlay of patches)
          entries = await applyInMemoryPatchesWithTraits(entries, overlay, configDir, this.modules)
        if (this.patched.size >= 16) this.patched.delete(this.patched.keys().next().value!)
        this.patched.set(key, entries)
      }
      await this.start(entries)
    }
    const next = this.queue.then(run, run)
    this.queue = next.catch(() => {})
    return next
  }
}

/** Ids of the entries that run: not disabled, and not inside a disabled group. */
function enabledIds(entries: readonly CompositionEntry[]): string[] {
  return entries
    .filter((entry) => !entry.disabled)
    .flatMap((entry) => [entry.id, ...(isGroup(entry) ? enabledIds(entry.config) : [])])
}

/** The same top-level ids in the same order, and no groups (whose children the Loader updates as a list). */
function sameIds(a: readonly LoaderEntry[], b: readonly LoaderEntry[]): boolean {
  if (a.length !== b.length) return false
  return a.every((entry, index) => {
    const other = b[index]
    return other !== undefined && entry.id === other.id && !entry.group && !other.group
  })
}
