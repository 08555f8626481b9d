// Map a non-2xx DeepSeek response to an LlmError with a stable code (docs/deepseek-adapter.md).
import { LlmError } from '../llm/types.ts'
import { redactSecrets } from './redact.ts'

interface StatusRule {
  code: string
  /** What the user should do next; appended to the message. */
  hint: string
}

const RULES: Record<number, StatusRule> = {
  400: {
    code: 'BAD_REQUEST',
    hint: 'the request body was rejected; check the model name, the history and config `defaults`',
  },
  401: { code: 'AUTH', hint: 'check that DEEPSEEK_API_KEY holds a valid key' },
  402: { code: 'INSUFFICIENT_BALANCE', hint: 'top up the DeepSeek account balance' },
  422: { code: 'INVALID_PARAMS', hint: 'a body parameter is invalid; check config `defaults`' },
  429: { code: 'RATE_LIMIT', hint: 'too many requests; wait and retry' },
}

const SERVER_RULE: StatusRule = { code: 'SERVER', hint: 'DeepSeek had a server-side problem; retry later' }
const OTHER_RULE: StatusRule = { code: 'HTTP_ERROR', hint: 'unexpected status; check baseUrl (or DEEPSEEK_BASE_URL)' }

function statusRule(status: number): StatusRule {
  return RULES[status] ?? (status >= 500 ? SERVER_RULE : OTHER_RULE)
}

/**
 * Build the error for an HTTP failure. `bodyText` is the raw response body; the
 * provider's `{error:{message,type,code}}` is quoted when present, else a short preview.
 * The key is redacted from anything quoted.
 */
export function httpError(status: number, bodyText: string, apiKey?: string): LlmError {
  const rule = statusRule(status)
  const detail = redactSecrets(providerDetail(bodyText), apiKey)
  return new LlmError(`DeepSeek answered HTTP ${status} ${rule.code}: ${detail}; ${rule.hint}`, rule.code, status)
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
