import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Context, type Fiber } from 'cordis'
import { Loader } from '@cordisjs/plugin-loader'
import { isNamedError } from '../../lib/named-error.ts'
import { type ScenarioScope, ScopeService } from '../scope/index.ts'
import { locateIssues } from './config-sources.ts'
import { describeFiberOrigin, originEntryId, waitingEntries } from './cordis-compat.ts'
import * as configPlugin from './index.ts'
import type { Composition, CompositionEntry, PatchSource } from './index.ts'
import type { EnvSource } from './yaml.ts'
import { noun } from '../../lib/plural.ts'

export interface BootOptions {
  /** cordis.yml path (relative to the process cwd, or absolute). */
  configFile: string
  /** Overlay files and in-memory patches, applied in order. */
  patches?: readonly PatchSource[]
  /** Variables for `!env`; defaults to process.env. */
  env?: EnvSource
  /** One diagnostic line (post-boot errors, warnings); defaults to stderr. Never stdout. */
  log?: (line: string) => void
  /** A scenario scope the composition starts in (a test host's; plugins/scope). */
  scope?: ScenarioScope
}

export interface BootedComposition {
  ctx: Context
  /** Absolute path of the composition file. */
  configFile: string
  /** The effective entries (after overlays), as loaded. */
  entries: CompositionEntry[]
  /** Dispose every plugin; resolves once every async disposer has finished. */
  dispose(): Promise<void>
}

/** Boot failed: the message names each failing entry id (or the config plugin) and its cause. */
export class BootError extends Error {
  override name = 'BootError'
}

const stderrLog = (line: string) => {
  process.stderr.write(`${line}\n`)
}

/**
 * Start a composition: a Cordis root, the Loader, and the config plugin that feeds it.
 * Any `internal/error` while booting (a module that fails to import, a plugin whose apply or
 * config validation throws) disposes everything and rejects with one BootError.
 */
export async function bootComposition(options: BootOptions): Promise<BootedComposition> {
  const { configFile, log = stderrLog } = options
  const ctx = new Context()
  const failures: { error: unknown; origin: unknown }[] = []
  let booting = true
  let composition: Composition | undefined

  // Cordis emits a plugin's Config validation error with no context (`this` is null), synchronously
  // inside the constructor of the fiber it announced just before via internal/plugin.
  let lastFiber: Fiber | undefined
  ctx.on('internal/plugin', (fiber) => {
    lastFiber = fiber
  })
  const reported = new WeakSet<object>()
  ctx.on('internal/error', function (this: unknown, error: unknown) {
    // `this` is the emitting context: an entry's context, or a fiber's that belongs to one.
    const origin = this ?? { fiber: lastFiber }
    // Cordis re-raises a failed plugin's error when that plugin is disposed; report it once.
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return
      reported.add(error)
    }
    if (booting) return void failures.push({ error, origin })
    log(`dsh: ${describeFiberOrigin(origin)}: ${formatError(error)}`)
  })
  ctx.on('internal/warn', (...args: unknown[]) => log(`dsh: warning: ${args.map(String).join(' ')}`))
  ctx.on('internal/info', (...args: unknown[]) => log(`dsh: ${args.map(String).join(' ')}`))
  ctx.on('config/loaded', (loaded) => {
    composition = loaded
  })

  const configFiber = await startPlugins(ctx, options)
  booting = false

  const dispose = async () => {
    // Entries first, while the error listener above still reports disposer failures by entry id.
    await settle(configFiber.dispose())
    await ctx.fiber.dispose()
  }

  if (failures.length || !composition) {
    const lines = withoutAftermath(failures).map(({ error, origin }) => {
      const message = locateConfigIssues(formatMessage(error), originEntryId(origin), composition)
      return `${describeFiberOrigin(origin)}: ${message.replaceAll('\n', '\n    ')}`
    })
    await dispose()
    throw new BootError(`boot failed for ${configFile}:\n  ${lines.join('\n  ') || 'the composition was not loaded'}`, {
      cause: failures[0]?.error,
    })
  }
  warnAboutWaitingEntries(ctx, log)
  return { ctx, configFile: composition.configFile, entries: composition.entries, dispose }
}

/** The scope service, the Loader and the config plugin that feeds it; resolves once every entry has settled. */
async function startPlugins(ctx: Context, options: BootOptions): Promise<Fiber> {
  const { configFile, patches = [], env } = options
  const configDir = path.dirname(path.resolve(configFile))
  // Provided before any entry starts: participants join it (and the starting scope) as they start.
  await settle(ctx.plugin(ScopeService, options.scope))
  await settle(ctx.plugin(Loader, { baseUrl: `${pathToFileURL(configDir).href}/` }))
  const configPatches = patches.map((patch) =>
    typeof patch === 'string' ? patch : { ...patch, patches: [...patch.patches] },
  )
  const configFiber = ctx.plugin(configPlugin, { file: configFile, patches: configPatches, env })
  await settle(configFiber)
  await ctx.get('loader')?.await()
  return configFiber
}

/** A plugin's invalid config: name the file:line:column each bad value was written at. */
function locateConfigIssues(message: string, entryId: string | undefined, composition: Composition | undefined) {
  const sources = composition?.sources
  if (!entryId || !sources) return message
  return locateIssues(message, (path) => sources.locate(entryId, path))
}

/**
 * Cordis still applies a plugin whose config failed validation, with no config, so its apply throws a
 * TypeError that says nothing of the cause: an entry with an `invalid config` failure keeps only that.
 */
function withoutAftermath<T extends { error: unknown; origin: unknown }>(failures: T[]): T[] {
  const invalid = new Set(
    failures
      .filter(({ error }) => formatMessage(error).startsWith('invalid config:'))
      .map(({ origin }) => originEntryId(origin))
      .filter((id) => id !== undefined),
  )
  return failures.filter(({ error, origin }) => {
    const id = originEntryId(origin)
    return id === undefined || !invalid.has(id) || formatMessage(error).startsWith('invalid config:')
  })
}

/** An entry whose required services never appeared stays pending forever: say so. */
function warnAboutWaitingEntries(ctx: Context, log: (line: string) => void): void {
  for (const { id, missing } of waitingEntries(ctx)) {
    log(
      `dsh: warning: entry "${id}" has not started: no enabled entry provides required ` +
        `${noun(missing.length, 'service')} ` +
        `${missing.join(', ') || '(unknown)'}`,
    )
  }
}

/** Wait for a fiber; its failure is already recorded through internal/error. */
async function settle(fiber: PromiseLike<unknown> | unknown): Promise<void> {
  try {
    await fiber
  } catch {
    /* reported via internal/error */
  }
}

function formatMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function formatError(error: unknown): string {
  // A named error (a corrupt fixture, say) is fully said by its message; a crash keeps its stack.
  if (isNamedError(error)) return error.message
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
