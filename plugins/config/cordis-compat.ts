// Every place dsh reaches past Cordis's and the Loader's public API lives here, each with the
// behaviour it works around, so an upgrade of cordis 4.0.0-rc.0 / @cordisjs/plugin-loader
// 1.0.0-rc.0 has one file to check. See docs/cordis-compat.md.
import { type Context, Fiber, FiberState, symbols } from 'cordis'
import { Entry, type Loader } from '@cordisjs/plugin-loader'

interface EntryInternals {
  _initTask?: Promise<void>
  _init(): Promise<void>
  init(): Promise<void>
  fiber?: Fiber
  loader: { getTasks(): unknown[] }
  ctx: { reflect: { notify(names: string[]): void } }
}

/**
 * The two Loader fixes below, scoped to one composition: every entry its Loader creates while the
 * calling plugin (the config plugin) runs gets them as methods of its own, through the Loader's
 * `loader/entry-init` event. No prototype of Cordis or the Loader is touched, so another Cordis
 * app in the same process sees them as published.
 */
export function fixLoaderEntries(ctx: Context): void {
  ctx.on('loader/entry-init', (entry) => fixEntryInit(entry as unknown as EntryInternals))
}

/**
 * Works around: `Entry.init` in plugin-loader 1.0.0-rc.0 ends with `this.fiber?.await().finally(...)`
 * and no catch, so a plugin whose apply or Config validation fails leaves an unhandled rejection
 * (fatal in Node, a failed run under vitest) although the error was already emitted as
 * `internal/error`. This is the same method with the rejection handled, and the fiber it starts
 * fixed (fixFiberUpdate).
 */
function fixEntryInit(entry: EntryInternals): void {
  entry.init = async function init(this: EntryInternals): Promise<void> {
    try {
      await (this._initTask ??= this._init())
    } finally {
      this._initTask = undefined
    }
    if (this.fiber) fixFiberUpdate(this.fiber)
    this.fiber
      ?.await()
      .catch(() => {
        /* already reported as internal/error */
      })
      .finally(() => {
        if (this.loader.getTasks().length) return
        this.ctx.reflect.notify(['loader'])
      })
  }
}

/**
 * Works around: cordis 4.0.0-rc.0's `ctx.plugin()` returns `Object.create(fiber)` (a thenable
 * wrapper), and the Loader keeps that wrapper as `entry.fiber`. `Fiber#update` and `#restart`
 * assign `this.config`, `this.inertia` and `this.state`, so called on the wrapper they land on
 * the wrapper: the plugin restarts with its old config, and the real fiber's state is stale. So
 * a Loader entry's config change never reached its plugin. The wrapper's `update` runs on the
 * fiber itself; and the fiber's `restart`, whose promise `update` drops, has its rejection handled
 * (a plugin that fails to restart is already reported as internal/error).
 */
function fixFiberUpdate(wrapper: Fiber): void {
  const fiber: unknown = Object.getPrototypeOf(wrapper)
  if (!Object.hasOwn(wrapper, 'then') || !(fiber instanceof Fiber)) return
  const restart = fiber.restart
  fiber.restart = function (this: Fiber) {
    const restarted = restart.call(fiber)
    restarted.catch(() => {})
    return restarted
  }
  wrapper.update = (config: unknown, noSave?: boolean) => fiber.update(config, noSave)
}

/**
 * Works around (cordis 4.0.0-rc.0, plugin-loader 1.0.0-rc.0): disposing the fiber of a plugin whose
 * apply failed rejects with that (already reported) error, and the Loader disposes disabled or
 * removed entries without a catch, which leaves an unhandled rejection. Dispose it first, here,
 * with the rejection handled.
 */
export async function disposeEntryFiber(loader: Loader, id: string): Promise<void> {
  for (const entry of loader.entries()) {
    if (entry.options.id !== id || !entry.fiber || entry.fiber.uid === null) continue
    try {
      await entry.fiber.dispose()
    } catch {
      /* reported as internal/error when it first happened */
    }
  }
}

/**
 * Works around (cordis 4.0.0-rc.0): Cordis hands a service out behind a tracing proxy
 * (`getTraceable`) on every property read through a context, and each method read through it
 * builds fresh proxies. On a per-chunk path that costs more than the work; `symbols.original` is
 * the unproxied instance. Only for calls that create no effects (they would lose their caller context).
 */
export function untraced<T extends object>(service: T): T {
  return (service as unknown as Record<symbol, T | undefined>)[symbols.original] ?? service
}

/**
 * Works around (plugin-loader 1.0.0-rc.0): the Loader has no public "entry of this context"; entry contexts
 * carry it under Entry.key.
 */
function entryOfContext(value: unknown): Entry | undefined {
  return value ? (value as Record<symbol, Entry | undefined>)[Entry.key as symbol] : undefined
}

/** Works around: the same gap, from a plugin's own context: the id of the Loader entry that runs it. */
export function entryIdOf(ctx: Context): string | undefined {
  return (ctx.fiber.entry ?? entryOfContext(ctx.fiber.parent))?.options.id
}

/**
 * Works around (cordis 4.0.0-rc.0): Cordis emits a plugin's Config validation error with no context (`this` is null),
 * so the only way to name its origin is the fiber (and the fiber's Loader entry) announced just
 * before via `internal/plugin`. The id of the entry an error came from, if any.
 */
export function originEntryId(origin: unknown): string | undefined {
  const fiber = (origin as { fiber?: Fiber } | undefined)?.fiber
  return (fiber?.entry ?? entryOfContext(fiber?.parent) ?? entryOfContext(origin))?.options.id
}

/** `entry "<id>"` for an error's emitting context (see originEntryId), else the plugin's name. */
export function describeFiberOrigin(origin: unknown): string {
  const id = originEntryId(origin)
  if (id !== undefined) return `entry "${id}"`
  const plugin = (origin as { fiber?: Fiber } | undefined)?.fiber?.runtime?.name
  return plugin ? `plugin "${plugin}"` : 'composition'
}

/**
 * Works around (cordis 4.0.0-rc.0, plugin-loader 1.0.0-rc.0): an entry whose required services
 * never appear stays PENDING with no event; finding it means reading each entry's fiber state and
 * inject table. Ids and missing services.
 */
export function waitingEntries(ctx: Context): { id: string; missing: string[] }[] {
  const waiting: { id: string; missing: string[] }[] = []
  for (const entry of ctx.loader.entries()) {
    const fiber = entry.fiber
    if (!fiber || entry.disabled || fiber.state !== FiberState.PENDING) continue
    const missing = Object.entries(fiber.inject)
      .filter(([name, meta]) => meta?.required && !ctx.reflect.get(name))
      .map(([name]) => name)
    waiting.push({ id: entry.options.id, missing })
  }
  return waiting
}
