// The I/O half of the adapter: POST the body, read the SSE response through
// eventsource-parser, hand each event's data to the pure decoder.
import { createParser } from 'eventsource-parser'
import { LlmError, type StreamChunk } from '../llm/types.ts'
import { ChatStreamDecoder, type DecodedProvider } from './decode-stream.ts'
import { type ErrorProvider, httpError } from './http-errors.ts'
import { redactSecrets } from './redact.ts'

/** The provider a call goes to, as messages name it (presets.ts). */
export interface CallProvider extends DecodedProvider, ErrorProvider {
  /** The plugin whose config holds timeoutMs, for the timeout hint. */
  plugin: string
}

interface ChatCompletionCall {
  provider: CallProvider
  url: string
  /** Undefined for a keyless endpoint (a local vLLM or Ollama): no Authorization header. */
  apiKey?: string
  body: Record<string, unknown>
  /** The request's signal: aborting it closes the socket. */
  signal: AbortSignal
  /** Idle timeout for the headers and between body reads. */
  timeoutMs: number
}

export async function* streamChatCompletion(call: ChatCompletionCall): AsyncGenerator<StreamChunk> {
  const { provider } = call
  const idle = new IdleTimeout(call.timeoutMs, provider)
  const baseUrl = `baseUrl${provider.baseUrlEnv ? ` (or ${provider.baseUrlEnv})` : ''}`
  const signal = AbortSignal.any([call.signal, idle.signal])
  // An abort is rethrown untouched (the llm guard turns it into finish{aborted}); a timeout is named.
  const throwIfStopped = (error: unknown): void => {
    if (idle.fired) throw idle.error()
    if (call.signal.aborted) throw error
  }
  try {
    idle.restart()
    let response: Response
    try {
      response = await fetch(call.url, {
        method: 'POST',
        headers: {
          ...(call.apiKey ? { authorization: `Bearer ${call.apiKey}` } : {}),
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify(call.body),
        signal,
      })
    } catch (error) {
      throwIfStopped(error)
      throw new LlmError(
        `could not reach ${provider.label} at ${call.url}: ${describe(error, call.apiKey)}; check the network and ` +
          baseUrl,
        'NETWORK',
      )
    }

    if (!response.ok) {
      let text = ''
      idle.restart()
      try {
        text = await response.text()
      } catch (error) {
        throwIfStopped(error) // else report the status without a body
      }
      throw httpError(response.status, text, provider, call.apiKey, response.headers.get('retry-after'))
    }
    const contentType = response.headers.get('content-type') ?? ''
    if (!response.body || !contentType.includes('text/event-stream')) {
      await response.body?.cancel().catch(() => {})
      throw new LlmError(
        `${provider.label} answered HTTP ${response.status} with content-type ${JSON.stringify(contentType)} ` +
          `instead of an event stream; check ${baseUrl}`,
        'BAD_RESPONSE',
      )
    }

    yield* readEvents(response.body, throwIfStopped, idle, call)
  } finally {
    idle.clear()
  }
}

async function* readEvents(
  body: ReadableStream<Uint8Array>,
  throwIfStopped: (error: unknown) => void,
  idle: IdleTimeout,
  { apiKey, provider }: Pick<ChatCompletionCall, 'apiKey' | 'provider'>,
): AsyncGenerator<StreamChunk> {
  const decoder = new ChatStreamDecoder(provider)
  const pending: string[] = []
  const parser = createParser({ onEvent: (event) => pending.push(event.data) })
  const text = new TextDecoder()
  const reader = body.getReader()
  // fetch's signal covers the body too, but a consumer that stops early must also
  // release the socket: cancel the reader on every exit path.
  // The decoder quotes provider text (an in-stream error message, a malformed event):
  // every LlmError leaving here has the key redacted. Aborts pass through untouched.
  try {
    while (!decoder.done) {
      idle.restart()
      let read: Awaited<ReturnType<typeof reader.read>>
      try {
        read = await reader.read()
        idle.clear() // a slow consumer is not an idle server
      } catch (error) {
        throwIfStopped(error)
        // The connection broke mid-body: complete if the finish already arrived, else STREAM_CLOSED.
        yield* decoder.end(describe(error, apiKey))
        return
      }
      if (read.done) break
      parser.feed(text.decode(read.value, { stream: true }))
      for (const data of pending.splice(0)) yield* decoder.push(data)
    }
    if (!decoder.done) {
      parser.feed(text.decode())
      parser.reset({ consume: true })
      for (const data of pending.splice(0)) yield* decoder.push(data)
      yield* decoder.end()
    }
  } catch (error) {
    if (error instanceof LlmError)
      throw new LlmError(redactSecrets(error.message, apiKey), error.code, error.status, error.retryAfterMs)
    throw error
  } finally {
    reader.cancel().catch(() => {})
  }
}

/** Aborts its signal when no progress was made for `ms`. */
class IdleTimeout {
  private controller = new AbortController()
  private timer?: NodeJS.Timeout
  fired = false

  constructor(
    private ms: number,
    private provider: CallProvider,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal
  }

  restart(): void {
    this.clear()
    this.timer = setTimeout(() => {
      this.fired = true
      this.controller.abort(this.error())
    }, this.ms)
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  error(): LlmError {
    return new LlmError(
      `${this.provider.label} sent nothing for ${this.ms} ms; retry, or raise the ${this.provider.plugin} ` +
        'timeoutMs config',
      'TIMEOUT',
    )
  }
}

/** A short description of a fetch/stream failure (undici puts the errno in `cause`). */
function describe(error: unknown, apiKey?: string): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause
  const parts = [error instanceof Error ? error.message : String(error)]
  if (typeof cause?.code === 'string') parts.push(cause.code)
  else if (typeof cause?.message === 'string') parts.push(cause.message)
  return redactSecrets(parts.join(': '), apiKey)
}
