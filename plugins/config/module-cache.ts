// Entry modules, resolved and imported once per composition: for the Loader (enabled entries)
// and for reading what a plugin says it is before it starts (entry-traits.ts), disabled ones too.
import { compiled } from '../../lib/package-root.ts'
import { ConfigError } from './errors.ts'
import { resolveEntryModule } from './resolve-module.ts'
import { importTypeScript, isTypeScript } from './typescript-import.ts'

export interface LoadedModule {
  url: string
  /** The plugin: the module's default export, else the module itself. */
  plugin: unknown
}

type ImportModule = (url: string) => Promise<unknown>

// This import() runs from project code on purpose: the Loader's own import() cannot load .ts under vitest.
const importFromProject: ImportModule = (url) => import(url)

export class ModuleCache {
  private readonly loading = new Map<string, Promise<LoadedModule>>()
  private readonly settled = new Map<string, LoadedModule | Error>()

  /** `importModule` is what imports a module; compiled dsh imports TypeScript through tsx (typescript-import.ts). */
  constructor(private readonly importModule: ImportModule = importFromProject) {}

  /** The entry's plugin; a module that cannot be resolved, imported, or is no plugin is a named error. */
  load(entry: { id: string; name: string }, baseDir: string): Promise<LoadedModule> {
    const key = `${baseDir}\0${entry.name}`
    let pending = this.loading.get(key)
    if (!pending) {
      pending = this.read(entry, baseDir)
      pending.then(
        (loaded) => this.settled.set(key, loaded),
        (error: Error) => this.settled.set(key, error),
      )
      this.loading.set(key, pending)
    }
    return pending
  }

  /** What `load` gave for this name, once it settled: the module, the error, or undefined (never asked). */
  peek(name: string, baseDir: string): LoadedModule | Error | undefined {
    return this.settled.get(`${baseDir}\0${name}`)
  }

  private async read(entry: { id: string; name: string }, baseDir: string): Promise<LoadedModule> {
    const url = resolveEntryModule({ id: entry.id, name: entry.name, baseDir })
    let mod: unknown
    try {
      // From source (vitest, tsx) the import already understands TypeScript; plain node does not.
      mod = compiled && isTypeScript(url) ? await importTypeScript(entry, url) : await this.importModule(url)
    } catch (error) {
      if (error instanceof ConfigError) throw error
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
    return { url, plugin }
  }
}
