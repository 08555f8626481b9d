// Run the echo model's planned actions as a chunk stream. The only effect here is
// waiting: a pause ends the moment the request is aborted and leaves no timer behind.
import { LlmError, type LlmAdapter, type LlmRequest, type StreamChunk } from '../llm/types.ts'
import { echoActions, type EchoAction } from './plan.ts'

export const echoAdapter: LlmAdapter = (request) => ({ [Symbol.asyncIterator]: () => new EchoStream(request) })

/**
 * The planned actions as a chunk stream, one `next()` per chunk. A plain async iterator rather than an
 * async generator: a generator's request queue costs several promise ticks per chunk, and a prompt of
 * millions of words is millions of chunks.
 */
class EchoStream implements AsyncIterator<StreamChunk> {
  private readonly actions: Generator<EchoAction>

  constructor(private readonly request: LlmRequest) {
    this.actions = echoActions(request)
  }

  async next(): Promise<IteratorResult<StreamChunk>> {
    for (;;) {
      // An aborted request just ends the stream; the llm service reports finish{aborted}.
      if (this.request.signal.aborted) return this.return()
      const step = this.actions.next()
      if (step.done) return { done: true, value: undefined }
      const action = step.value
      if (action.kind === 'chunk') return { done: false, value: action.chunk }
      if (action.kind === 'fail') throw new LlmError(action.message, action.code, action.status, action.retryAfterMs)
      await pause(action.ms, this.request.signal)
    }
  }

  /** The consumer stopped early (or the request was aborted): nothing more is planned. */
  async return(): Promise<IteratorResult<StreamChunk>> {
    this.actions.return(undefined)
    return { done: true, value: undefined }
  }
}

/** Resolve after `ms` (or never, for null) or as soon as `signal` aborts, whichever is first. */
export function pause(ms: number | null, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    let timer: ReturnType<typeof setTimeout> | undefined
    const onAbort = () => {
      clearTimeout(timer)
      resolve()
    }
    signal.addEventListener('abort', onAbort, { once: true })
    if (ms !== null) {
      timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
    }
  })
}
