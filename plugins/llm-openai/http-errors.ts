// Map a non-2xx response of an OpenAI-compatible endpoint to an LlmError with a stable code
// (docs/openai-adapter.md).
import { statusCode } from '../llm/status-codes.ts'
import { LlmError } from '../llm/types.ts'
import { redactSecrets } from './redact.ts'

/** The provider as HTTP errors name it. */
export interface ErrorProvider {
  label: string
  /** The key's variable (for the 401 hint); undefined for a keyless endpoint. */
  keyEnv?: string
  /** The variable overriding the base URL (for the "check the URL" hints). */
  baseUrlEnv?: string
}

/** What the user should do next after a status; appended to the message. */
function statusHint(status: number, provider: ErrorProvider): string {
  switch (status) {
    case 400:
      return 'the request body was rejected; check the model name, the history and config `defaults`'
    case 401:
      return provider.keyEnv ? `check that ${provider.keyEnv} holds a valid key` : 'the endpoint wants a key'
    case 402:
      return `top up the ${provider.label} account balance`
    case 422:
      return 'a body parameter is invalid; check config `defaults`'
    case 429:
      return 'too many requests; wait and retry'
  }
  if (status >= 500) return `${provider.label} had a server-side problem; retry later`
  return `unexpected status; check baseUrl${provider.baseUrlEnv ? ` (or ${provider.baseUrlEnv})` : ''}`
}

/**
 * Build the error for an HTTP failure. `bodyText` is the raw response body; the
 * provider's `{error:{message,type,code}}` is quoted when present, else a short preview.
 * The key is redacted from anything quoted.
 */
export function httpError(
  status: number,
  bodyText: string,
  provider: ErrorProvider,
  apiKey?: string,
  retryAfter?: string | null,
): LlmError {
  const code = statusCode(status)
  const detail = redactSecrets(providerDetail(bodyText), apiKey)
  const hint = statusHint(status, provider)
  const message = `${provider.label} answered HTTP ${status} ${code}: ${detail}; ${hint}`
  return new LlmError(message, code, status, retryAfterMs(retryAfter))
}

/** A `Retry-After` header (seconds, or an HTTP date) in milliseconds from now; undefined when absent or unreadable. */
function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function providerDetail(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { error?: { message?: unknown; type?: unknown; code?: unknown } }
    const error = body?.error
    if (error && typeof error === 'object') {
      const message = typeof error.message === 'string' && error.message ? error.message : 'no message'
      const labels = [error.type, error.code].filter((label) => typeof label === 'string' && label).join('/')
      return labels ? `${message} (${labels})` : message
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall through to a preview.
  }
  const text = bodyText.trim()
  if (!text) return 'empty body'
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)
}
