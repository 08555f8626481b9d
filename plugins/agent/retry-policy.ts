// When a failed model call is tried again, and after how long (docs/retries.md). Pure: the agent
// loop (model-call.ts) asks it after each attempt and logs what it says.
import type { StreamError } from '../llm/types.ts'
import type { AgentConfig } from './config.ts'

/** Codes of a connection that failed or broke before an answer (the adapter's, or a raw socket's). */
const CONNECTION_CODES = new Set(['NETWORK', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'STREAM_CLOSED', 'TIMEOUT'])

type RetryConfig = Pick<AgentConfig, 'retries' | 'retryDelayMs' | 'retryMaxDelayMs'>

type RetryDecision =
  /** Wait `delayMs`, then make attempt `attempt + 1`. */
  | { kind: 'retry'; delayMs: number }
  /** No retry: the error is final as it is (not retryable, or retries are off). */
  | { kind: 'final' }
  /** No retry although the error is retryable: why, to add to its message. */
  | { kind: 'final'; because: string; code?: string }

/** A 429, a 5xx or a broken connection is worth another attempt. */
function isRetryable(error: StreamError): boolean {
  return error.status === 429 || (error.status !== undefined && error.status >= 500) || CONNECTION_CODES.has(error.code)
}

/**
 * What to do after attempt `attempt` failed with `error`, when `shown` chunks of it had already
 * reached the client (a retry then would show the user a second, different answer).
 */
export function decideRetry(error: StreamError, attempt: number, shown: number, config: RetryConfig): RetryDecision {
  if (!isRetryable(error) || config.retries === 0) return { kind: 'final' }
  if (shown > 0)
    return {
      kind: 'final',
      because: `not retried: ${shown} chunk${shown === 1 ? '' : 's'} of the answer had already reached the client`,
    }
  if (attempt > config.retries)
    return {
      kind: 'final',
      code: 'RETRIES_EXHAUSTED',
      because:
        `gave up after ${attempt} attempts (agent config retries: ${config.retries}); wait and prompt again, ` +
        'or raise retries',
    }
  return { kind: 'retry', delayMs: backoff(error, attempt, config) }
}

/** The provider's `Retry-After` when it gave one, else doubling from `retryDelayMs`; never over `retryMaxDelayMs`. */
function backoff(error: StreamError, attempt: number, config: RetryConfig): number {
  const doubled = config.retryDelayMs * 2 ** (attempt - 1)
  return Math.min(error.retryAfterMs ?? doubled, config.retryMaxDelayMs)
}

/** The notice the user sees while the agent waits (docs/notices.md). */
export function retryNotice(error: StreamError, attempt: number, delayMs: number, retries: number) {
  const why = `${error.code}${error.status === undefined ? '' : `, HTTP ${error.status}`}`
  const wait = `${Math.round(delayMs / 100) / 10} s`
  return {
    severity: 'warning' as const,
    title: 'Model call failed; retrying',
    description: `${why}: retry ${attempt} of ${retries} in ${wait}`,
    fallback: `the model call failed (${why}); retry ${attempt} of ${retries} in ${wait}`,
  }
}
