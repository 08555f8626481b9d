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
  /** How each adapter that holds a key in memory forgets it (ACP `logout`). */
  private forgetters = new Set<() => boolean>()

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
   * An adapter that holds a key in memory says how to forget it (ACP `logout`): `forget` drops it and
   * returns whether there was one. The disposer runs with the caller's plugin.
   */
  holdKey(forget: () => boolean, caller: Context = this.ctx): () => void {
    return caller.effect(() => {
      this.forgetters.add(forget)
      return () => this.forgetters.delete(forget)
    }, 'llm held key')
  }

  /** Every adapter forgets the key it holds in memory (files are not touched); how many held one. */
  forgetKeys(): number {
    let forgotten = 0
    for (const forget of this.forgetters) if (forget()) forgotten++
    return forgotten
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
