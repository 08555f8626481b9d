import { type Context, Service } from 'cordis'
import { guardStream } from './normalize-stream.ts'
import { LlmError, type LlmAdapter, type LlmRequest, type StreamChunk } from './types.ts'

export * from './types.ts'

/** Says what is wrong with an adapter's key (missing, malformed), or undefined when it is usable. */
export type KeyCheck = () => string | undefined
export { guardStream, toStreamError } from './normalize-stream.ts'

declare module 'cordis' {
  interface Context {
    llm: LlmService
  }
}

/**
 * The `llm` service: adapters register the models they serve; `stream()` runs the
 * `llm/stream` waterfall (middleware, replay) with adapter dispatch as the innermost step.
 */
export class LlmService extends Service {
  static readonly provide = 'llm'
  private adapters = new Map<string, LlmAdapter>()
  /** Model → how to tell whether its adapter has a key (ACP `authenticate`); keyless models have none. */
  private keyChecks = new Map<string, KeyCheck>()
  private secrets = new Set<() => string | undefined>()

  constructor(ctx: Context) {
    super(ctx, 'llm')
  }

  /** Register an adapter for the given model names; the disposer runs with the caller's plugin. */
  register(models: string[], adapter: LlmAdapter, caller: Context = this.ctx): () => void {
    return caller.effect(
      () => {
        for (const model of models) this.adapters.set(model, adapter)
        return () => {
          for (const model of models) if (this.adapters.get(model) === adapter) this.adapters.delete(model)
        }
      },
      `llm adapter ${models.join(',')}`,
    )
  }

  /** An adapter that needs a key says how to check it is there; the disposer runs with the caller's plugin. */
  requireKey(models: string[], check: KeyCheck, caller: Context = this.ctx): () => void {
    return caller.effect(
      () => {
        for (const model of models) this.keyChecks.set(model, check)
        return () => {
          for (const model of models) if (this.keyChecks.get(model) === check) this.keyChecks.delete(model)
        }
      },
      `llm key check ${models.join(',')}`,
    )
  }

  /**
   * An adapter declares a secret it holds in memory (its API key), read when asked; the agent redacts
   * every form of every held secret from tool results before they are logged, shown or sent (issue 43,
   * leak 5). The disposer runs with the caller's plugin.
   */
  holdSecret(secret: () => string | undefined, caller: Context = this.ctx): () => void {
    return caller.effect(() => {
      this.secrets.add(secret)
      return () => this.secrets.delete(secret)
    }, 'llm held secret')
  }

  /** The secrets the adapters hold now (those set), for redaction; never logged or sent. */
  heldSecrets(): string[] {
    return [...this.secrets].flatMap((secret) => {
      const value = secret()?.trim()
      return value ? [value] : []
    })
  }

  /** What is wrong with the key `model` needs, or undefined when it has one or needs none. Never the key. */
  keyProblem(model: string): string | undefined {
    return this.keyChecks.get(model)?.()
  }

  models(): string[] {
    return [...this.adapters.keys()]
  }

  stream(request: LlmRequest): AsyncIterable<StreamChunk> {
    const inner = () => this.dispatch(request)
    return guardStream(() => this.ctx.waterfall('llm/stream', request, inner), request.signal)
  }

  private dispatch(request: LlmRequest): AsyncIterable<StreamChunk> {
    const adapter = this.adapters.get(request.model)
    if (!adapter) {
      const known = this.models().join(', ') || 'none'
      throw new LlmError(
        `no adapter serves model "${request.model}" (registered: ${known}); enable a model plugin in cordis.yml`,
        'UNKNOWN_MODEL',
      )
    }
    return adapter(request)
  }
}

export const name = 'llm'
export default LlmService
