import { type Context, Service } from 'cordis'
import { entryIdOf, untraced } from '../config/cordis-compat.ts'
import type { AdapterRegistration, RegisteredAdapter } from './adapter.ts'
import { type BackoffScheduler, realTimers } from './backoff.ts'
import { AdapterCatalogue } from './catalogue.ts'
import { forgetHeldKeys, readKey } from './keys.ts'
import { guardStream } from './normalize-stream.ts'
import { type CallIdentity, LlmError, type LlmAdapter, type LlmRequest, type StreamChunk } from './types.ts'

export * from './types.ts'
export * from './adapter.ts'
export { type BackoffScheduler, realTimers } from './backoff.ts'
export { describeKey, keyProblem, readKey } from './keys.ts'
export { statusCode } from './status-codes.ts'
export { guardStream, toStreamError } from './normalize-stream.ts'

declare module 'cordis' {
  interface Context {
    llm: LlmService
  }
}

/** The entries of the running composition, in order (the config plugin's `composition` service), by shape. */
interface EntryOrder {
  entries: ReadonlyArray<{ id: string; config?: unknown; group?: boolean }>
}

/**
 * The `llm` service: adapters register what they are and the models they serve (adapter.ts);
 * `stream()` runs the `llm/stream` waterfall (middleware, replay) with adapter dispatch as the
 * innermost step.
 */
export class LlmService extends Service {
  static readonly provide = 'llm'
  private readonly catalogue = new AdapterCatalogue()
  /** After ACP `logout`: no adapter that needs a key is called, and no key is read, until dsh restarts. */
  private loggedOut = false
  /** How a backoff waits: real timers, or what a plugin installed (replay: instant). */
  private scheduler: BackoffScheduler = realTimers
  /** The composition's entry ids, flattened, for the entries list they were read from. */
  private flattened?: { entries: EntryOrder['entries']; ids: string[] }

  /** The service's own reflect, taken at the first composition lookup (entryPosition). */
  private reflect?: Context['reflect']

  constructor(ctx: Context) {
    super(ctx, 'llm')
  }

  /**
   * Register an adapter; the disposer runs with the caller's plugin. The older form
   * `register(models, adapter)` says nothing about the adapter, so it counts as reaching the network.
   */
  register(registration: AdapterRegistration, caller?: Context): () => void
  register(models: string[], adapter: LlmAdapter, caller?: Context): () => void
  register(first: AdapterRegistration | string[], second?: LlmAdapter | Context, third?: Context): () => void {
    const legacy = Array.isArray(first)
    const registration: AdapterRegistration = legacy
      ? { label: 'model adapter', models: first, network: true, stream: second as LlmAdapter }
      : first
    const caller = (legacy ? third : (second as Context | undefined)) ?? this.ctx
    const entry = entryIdOf(caller)
    return caller.effect(
      () => this.catalogue.add(registration, entry, legacy),
      `llm adapter ${registration.models.join(',')}`,
    )
  }

  /**
   * The keys the running adapters read now (those set), for redaction: the agent takes every form of
   * each out of tool results before they are logged, shown or sent (docs/security.md). Stand-ins read
   * none: replay never reads a key. Never logged or sent.
   */
  heldSecrets(): string[] {
    if (this.loggedOut) return []
    return this.catalogue
      .list(() => 0)
      .flatMap((adapter) => (adapter.key && !adapter.standsInFor ? [adapter.key] : []))
      .flatMap((key) => {
        try {
          return [readKey(key)]
        } catch {
          return []
        }
      })
  }

  /** What is wrong with the key `model` needs, or undefined when it has one or needs none. Never the key. */
  keyProblem(model: string): string | undefined {
    const adapter = this.catalogue.serving(model)
    if (this.loggedOut && adapter?.key && !adapter.standsInFor) return loggedOut(adapter.key.env).message
    return adapter?.keyProblem?.()
  }

  /** ACP `logout`: every held key is forgotten, and none is read again until dsh restarts; how many were held. */
  logOut(): number {
    this.loggedOut = true
    return forgetHeldKeys()
  }

  /** Every registration, in the composition's order, with the entry that made it. */
  adapters(): RegisteredAdapter[] {
    return this.catalogue.list(this.entryPosition())
  }

  /** The context window the adapter serving `model` declares (tokens); undefined when it declares none. */
  contextWindow(model: string): number | undefined {
    return this.catalogue.serving(model)?.contextWindow?.[model]
  }

  /** The model names, in the composition's order (the model picker's). */
  models(): string[] {
    return this.catalogue.models(this.entryPosition())
  }

  /** Wait `ms` before a retry, or less when `signal` aborts; replay makes it instant (docs/retries.md). */
  wait(ms: number, signal: AbortSignal, call?: CallIdentity): Promise<void> {
    return this.scheduler(ms, signal, call)
  }

  /** Install the scheduler backoffs wait with while `caller` runs (replay's instant one). */
  useScheduler(scheduler: BackoffScheduler, caller: Context = this.ctx): () => void {
    return caller.effect(() => {
      const before = this.scheduler
      this.scheduler = scheduler
      return () => {
        this.scheduler = before
      }
    }, 'llm backoff scheduler')
  }

  stream(request: LlmRequest): AsyncIterable<StreamChunk> {
    const inner = () => this.dispatch(request)
    return guardStream(() => this.ctx.waterfall('llm/stream', request, inner), request.signal)
  }

  private dispatch(request: LlmRequest): AsyncIterable<StreamChunk> {
    const adapter = this.catalogue.serving(request.model)
    if (!adapter) {
      const known = this.models().join(', ') || 'none'
      throw new LlmError(
        `no adapter serves model "${request.model}" (registered: ${known}); enable a model plugin in cordis.yml`,
        'UNKNOWN_MODEL',
      )
    }
    if (this.loggedOut && adapter.key && !adapter.standsInFor) throw loggedOut(adapter.key.env)
    return adapter.stream(request)
  }

  /** An entry's place in the composition (groups flattened); registrations outside it come last. */
  private entryPosition(): (entry: string | undefined) => number {
    // The composition is looked up every time (it may be replaced); its entries are flattened once
    // per list (a reconfigure hands the service a new one), not on each of a play's several asks.
    // A caller's call comes through Cordis's tracing proxy, where each `this.` read costs microseconds
    // and `ctx.get` (a mixin accessor, a props proxy, a bound method) ~10 µs, asked several times a
    // turn: the lookup goes to the service's own reflect (a built-in, never replaced), taken once.
    const self = untraced(this)
    self.reflect ??= self.ctx.reflect
    const composition = self.reflect.get('composition') as EntryOrder | undefined
    // `entries` is read past the proxy too: a read creates no effect.
    const entries = (composition && untraced(composition).entries) ?? NO_ENTRIES
    if (self.flattened?.entries !== entries) self.flattened = { entries, ids: flattenIds(entries) }
    const order = self.flattened.ids
    return (entry) => {
      const index = entry === undefined ? -1 : order.indexOf(entry)
      return index < 0 ? order.length : index
    }
  }
}

function loggedOut(variable: string): LlmError {
  return new LlmError(`logged out (ACP logout): ${variable} is not read again until dsh restarts`, 'NO_API_KEY')
}

const NO_ENTRIES: EntryOrder['entries'] = []

function flattenIds(entries: EntryOrder['entries']): string[] {
  return entries.flatMap((entry) => [
    entry.id,
    ...(entry.group && Array.isArray(entry.config) ? flattenIds(entry.config as EntryOrder['entries']) : []),
  ])
}

export const name = 'llm'
export default LlmService
