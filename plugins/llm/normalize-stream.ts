import { LlmError, type StreamChunk, type StreamError } from './types.ts'

/** Map anything thrown by an adapter or listener to the terminal error of DESIGN §4. */
export function toStreamError(error: unknown): StreamError {
  if (error instanceof LlmError) {
    return error.status === undefined
      ? { message: error.message, code: error.code }
      : { message: error.message, code: error.code, status: error.status }
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
  try {
    iterator = open()[Symbol.asyncIterator]()
    while (true) {
      const result = await nextOrAbort(iterator, signal)
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
    // Let the adapter close its socket / timers; never let its cleanup error escape.
    void iterator?.return?.()?.catch?.(() => {})
  }
}

const ABORTED = Symbol('aborted')

/** Race the next chunk against the abort signal, so a stalled adapter cannot hold a cancelled turn. */
function nextOrAbort<T>(iterator: AsyncIterator<T>, signal: AbortSignal): Promise<IteratorResult<T> | typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED)
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED)
    signal.addEventListener('abort', onAbort, { once: true })
    iterator.next().then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
