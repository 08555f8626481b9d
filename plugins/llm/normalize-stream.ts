import { LlmError, type StreamChunk, type StreamError } from './types.ts'

/** Map anything thrown by an adapter or listener to the terminal error of docs/design.md §4. */
export function toStreamError(error: unknown): StreamError {
  if (error instanceof LlmError) {
    const { message, code, status, retryAfterMs } = error
    return {
      message,
      code,
      ...(status === undefined ? {} : { status }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | null)?.code
  return { message, code: typeof code === 'string' ? code : 'INTERNAL' }
}

/**
 * Guard a raw stream so the consumer sees exactly one terminal `finish`:
 * a throw (before or during) becomes `finish{error}`, an aborted signal becomes
 * `finish{aborted}`, and a stream that ends without a finish is an error too.
 */
export async function* guardStream(
  open: () => AsyncIterable<StreamChunk>,
  signal: AbortSignal,
): AsyncGenerator<StreamChunk> {
  const aborted = (): StreamChunk => ({ type: 'finish', reason: 'aborted' })
  if (signal.aborted) return yield aborted()
  let iterator: AsyncIterator<StreamChunk> | undefined
  const race = new AbortRace(signal)
  try {
    iterator = open()[Symbol.asyncIterator]()
    while (true) {
      const result = await race.next(iterator)
      if (result === ABORTED || signal.aborted) return yield aborted()
      if (result.done) break
      const chunk = result.value
      if (chunk.type === 'finish') {
        if (chunk.reason === 'aborted' || signal.aborted) return yield aborted()
        return yield chunk
      }
      yield chunk
    }
    yield {
      type: 'finish',
      reason: 'error',
      error: { message: 'model stream ended without a finish chunk', code: 'INCOMPLETE_STREAM' },
    }
  } catch (error) {
    if (signal.aborted) return yield aborted()
    yield { type: 'finish', reason: 'error', error: toStreamError(error) }
  } finally {
    race.dispose()
    // Let the adapter close its socket / timers; never let its cleanup error escape.
    void iterator?.return?.()?.catch?.(() => {})
  }
}

const ABORTED = Symbol('aborted')

/**
 * Races each next chunk against the abort signal, so a stalled adapter cannot hold a cancelled
 * turn. One abort listener serves the whole stream: adding and removing one per chunk cost
 * more than the rest of the guard on a long stream.
 */
class AbortRace {
  /** Settles the pending next() with ABORTED; replaced for every chunk. */
  private wake: ((value: typeof ABORTED) => void) | undefined
  private readonly onAbort = () => this.wake?.(ABORTED)

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', this.onAbort, { once: true })
  }

  next<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T> | typeof ABORTED> {
    if (this.signal.aborted) return Promise.resolve(ABORTED)
    return new Promise((resolve, reject) => {
      this.wake = resolve
      iterator.next().then(resolve, reject)
    })
  }

  dispose(): void {
    this.wake = undefined
    this.signal.removeEventListener('abort', this.onAbort)
  }
}
