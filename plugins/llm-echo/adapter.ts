// Run the echo model's planned actions as a chunk stream. The only effect here is
// waiting: a pause ends the moment the request is aborted and leaves no timer behind.
import { LlmError, type LlmAdapter, type LlmRequest, type StreamChunk } from '../llm/types.ts'
import { echoActions } from './plan.ts'

export const echoAdapter: LlmAdapter = (request) => runEcho(request)

async function* runEcho(request: LlmRequest): AsyncGenerator<StreamChunk> {
  for (const action of echoActions(request)) {
    // An aborted request just ends the stream; the llm service reports finish{aborted}.
    if (request.signal.aborted) return
    switch (action.kind) {
      case 'chunk':
        yield action.chunk
        break
      case 'sleep':
        await pause(action.ms, request.signal)
        break
      case 'fail':
        throw new LlmError(action.message, action.code, action.status)
    }
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
