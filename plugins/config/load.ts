import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ConfigSources } from './config-sources.ts'
import { assertUniqueIds, parseEntries, type CompositionEntry } from './entries.ts'
import { ConfigError } from './errors.ts'
import { loadEntryModules, traitsFrom, type TraitsOf } from './entry-traits.ts'
import { ModuleCache } from './module-cache.ts'
import { applyOverlay, parsePatches, type Patch } from './overlay.ts'
import { rebasePatches } from './rebase.ts'
import { assertDataOnly, parseYaml, type EnvSource } from './yaml.ts'
import { listItemPositions, type PositionTable } from './yaml-positions.ts'

/** An overlay: a YAML file path (relative to the process cwd) or patches built in memory. */
export type PatchSource = string | InMemoryPatches

export interface InMemoryPatches {
  /** Label used in error messages, e.g. "host per-run patch". */
  source: string
  patches: readonly Patch[]
  /** Folder that `./` names in these patches are relative to; defaults to the composition file's folder. */
  baseDir?: string
}

export interface LoadCompositionOptions {
  /** Path of cordis.yml (relative to the process cwd, or absolute). */
  configFile: string
  /** Overlays, applied in order after the composition file. */
  patches?: readonly PatchSource[]
  /** Variables for `!env`; defaults to process.env. */
  env?: EnvSource
  /** See ParseYamlOptions.lenientEnv: only for probing the shape before .env is loaded. */
  lenientEnv?: boolean
  /**
   * The entry modules, shared with whoever starts the composition; loaded only when an overlay selects
   * entries by what their plugin is (`where:`, `unless:`).
   */
  modules?: ModuleCache
}

export interface Composition {
  /** Absolute path of the composition file; `./` entry names are relative to its folder. */
  configFile: string
  entries: CompositionEntry[]
  /** Where each config value was written, for errors that name file:line:column. */
  sources: ConfigSources
}

/** Read cordis.yml, apply the overlays in order, and return the effective entries. Never writes a file. */
export async function loadComposition(options: LoadCompositionOptions): Promise<Composition> {
  const { configFile, patches = [], env = process.env, lenientEnv = false, modules = new ModuleCache() } = options
  const absolute = path.resolve(configFile)
  const configDir = path.dirname(absolute)
  const text = await readText(absolute, configFile, 'composition file', 'pass --config FILE or create it')
  const sources = new ConfigSources()
  const positions: PositionTable = new WeakMap()
  const raw = parseYaml(text, { filename: configFile, env, lenientEnv, positions })
  let entries = parseEntries(raw, configFile)
  assertUniqueIds(entries, configFile)
  sources.addEntries(raw, configFile, positions)

  for (const overlay of patches) {
    if (typeof overlay === 'string') {
      const overlayFile = path.resolve(overlay)
      const raw = parseYaml(await readText(overlayFile, overlay, 'overlay', 'check the --patch path'), {
        filename: overlay,
        env,
        lenientEnv,
        positions,
      })
      // Each patch's line and column, by index (rebasing copies the patches).
      const at = listItemPositions(raw, positions)
      const rebased = rebasePatches(parsePatches(raw, overlay, at), path.dirname(overlayFile), configDir)
      const traits = await traitsFor(entries, rebased, configDir, modules)
      entries = applyOverlay(entries, rebased, overlay, at, traits)
      sources.applyPatches(raw, overlay, positions)
    } else {
      entries = await applyInMemoryPatchesWithTraits(entries, overlay, configDir, modules)
      sources.applyPatches(overlay.patches, overlay.source, new WeakMap())
    }
  }
  return { configFile: absolute, entries, sources }
}

/** Apply patches built in memory (data only, `./` names relative to their baseDir) to a list of entries. */
export async function applyInMemoryPatchesWithTraits(
  entries: readonly CompositionEntry[],
  overlay: InMemoryPatches,
  configDir: string,
  modules: ModuleCache,
): Promise<CompositionEntry[]> {
  assertDataOnly(overlay.patches, overlay.source)
  const rebased = rebasePatches(parsePatches(overlay.patches, overlay.source), overlay.baseDir ?? configDir, configDir)
  return applyOverlay(entries, rebased, overlay.source, [], await traitsFor(entries, rebased, configDir, modules))
}

/** Traits for patches that select by them: every module they may look at loaded first (entry-traits.ts). */
async function traitsFor(
  entries: readonly CompositionEntry[],
  patches: readonly Patch[],
  configDir: string,
  modules: ModuleCache,
): Promise<TraitsOf | undefined> {
  const selects = patches.some((patch) =>
    'insert' in patch ? patch.unless !== undefined || typeof patch.after === 'object' : patch.where !== undefined,
  )
  if (!selects) return undefined
  const inserted = patches.flatMap((patch) => ('insert' in patch ? patch.insert : []))
  await loadEntryModules([...entries, ...inserted], configDir, modules)
  return traitsFrom(modules, configDir)
}

async function readText(file: string, label: string, what: string, hint: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(error)
    throw new ConfigError(`cannot read ${what} ${label} (${file}): ${reason}; ${hint}`, { cause: error })
  }
}
