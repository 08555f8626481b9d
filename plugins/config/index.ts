import path from 'node:path'
import type { Context } from 'cordis'
import { Group } from '@cordisjs/plugin-loader'
import { z } from 'zod'
import { loadComposition, type Composition } from './load.ts'
import type { Patch } from './overlay.ts'
import { fixLoaderEntries } from './cordis-compat.ts'
import { LiveComposition } from './live-composition.ts'
import { loadEntryModules } from './entry-traits.ts'
import { ModuleCache } from './module-cache.ts'
import type { EnvSource } from './yaml.ts'

export {
  loadComposition,
  type Composition,
  type InMemoryPatches,
  type LoadCompositionOptions,
  type PatchSource,
} from './load.ts'
export { applyOverlay, mergeConfig, parsePatches, type Patch } from './overlay.ts'
export { GROUP_NAME, type CompositionEntry, type GroupEntry } from './entries.ts'
export { ConfigError } from './errors.ts'
export { resolveEntryModule } from './resolve-module.ts'
export type { ComposedAdapter, LiveComposition } from './live-composition.ts'
export { describeSelector, Selector } from './selector.ts'
export type { EntryTraits } from './entry-traits.ts'

declare module 'cordis' {
  interface Events {
    /** Emitted once the composition is read and patched, before any entry module is imported. */
    'config/loaded'(composition: Composition): void
  }
}

export const name = 'config'
export const inject = ['loader']

/**
 * One patch built in memory, typed as a Patch: the overlay rules check it, with their messages (the
 * patch's position, the action, the id), when the composition applies it (load.ts).
 */
const InMemoryPatch = z.custom<Patch>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'a patch is a mapping such as { id, disabled: true }',
)

export const Config = z.strictObject({
  /** cordis.yml path, relative to the process cwd. */
  file: z.string().min(1),
  /** Overlay file paths, or in-memory `{ source, patches, baseDir? }`, applied in order. */
  patches: z
    .array(
      z.union([
        z.string().min(1),
        z.strictObject({ source: z.string().min(1), patches: z.array(InMemoryPatch), baseDir: z.string().optional() }),
      ]),
    )
    .default([]),
  /** Variables for `!env`; defaults to process.env (an exotic object zod's record() refuses, hence custom). */
  env: z
    .custom<EnvSource>((value) => typeof value === 'object' && value !== null, 'env must be an object of strings')
    .optional(),
})
export type Config = z.infer<typeof Config>

/**
 * Reads the composition, imports every enabled entry's module from project code, registers each
 * plugin as a Loader builtin and hands the Loader the entries. Resolves once every entry has started.
 */
export const apply = async (ctx: Context, config: Config): Promise<void> => {
  fixLoaderEntries(ctx)
  const loader = ctx.loader
  const modules = new ModuleCache()
  const composition = await loadComposition({
    configFile: config.file,
    patches: config.patches,
    env: config.env,
    modules,
  })
  ctx.emit('config/loaded', composition)
  // Disabled entries too: replay stands in for the model adapters the replay overlay turned off
  // (docs/model-providers.md), and reads what they are from their modules.
  await loadEntryModules(composition.entries, path.dirname(composition.configFile), modules)

  const known = { group: Group }
  const sources = { patches: config.patches, env: config.env }
  const live = new LiveComposition(loader, composition, sources, known, modules)
  ctx.effect(() => {
    return async () => {
      // Consumers before providers: dispose entries in reverse composition order, each one waiting for
      // its async disposers. A fiber whose apply failed rejects its dispose() with that (already
      // reported) error, so it is caught here rather than left unhandled by the Loader.
      for (const entry of [...loader.entries()].reverse()) {
        try {
          await entry.fiber?.dispose()
        } catch {
          /* reported as internal/error when it first happened */
        }
      }
      await loader.root.update([])
      for (const key of live.builtinKeys) delete loader.builtins[key]
    }
  }, 'config entries')
  Object.assign(loader.builtins, known)
  ctx.reflect.provide('composition', live)
  await live.start(composition.entries)
}
