// Keep every part of an API key out of messages built from foreign text (provider bodies,
// fetch errors), which reach the session log, the client and committed fixtures. Providers echo
// keys in many shapes: DeepSeek "Your api key: ****abcd", OpenAI "Incorrect API key provided:
// sk-abcd************wxyz", proxies "Bearer sk-…", "api_key=…", "key ending in wxyz". Any of
// them, its prefix or its suffix is replaced (docs/openai-adapter.md).

import { keyRedactor } from '../../lib/secrets/key-forms.ts'

const REDACTED = '[redacted]'

/** A word naming a key, then the value it introduces (`provided:`, `:`, `=`, `is`, a space). */
const KEY_WORD = '(?:api[ _-]?key|x-api-key|access[ _-]?token|auth[ _-]?token|bearer|authorization)'
const KEY_MENTION = new RegExp(
  String.raw`(${KEY_WORD}(?:\s+provided)?(?:\s*[:=]\s*|\s+is\s+|\s+))` +
    String.raw`(["']?)([^\s,;"'()<>]*[^\s,;"'()<>.])`,
  'gi',
)
/** The value must look like a secret (a digit, a mask or a key prefix), not a word such as "invalid". */
const SECRET_LIKE = /\d|\*|^sk-|^[A-Za-z0-9_-]{20,}$/
/** Key-shaped tokens anywhere: `sk-…`, and masked forms with a run of `*` or `•` in them. */
const KEY_TOKEN = new RegExp(
  String.raw`\bsk-[A-Za-z0-9_*.-]*[A-Za-z0-9_*]` +
    String.raw`|[A-Za-z0-9_.-]*(?:\*{3,}|•{3,})(?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?`,
  'g',
)
/** "key ending in wxyz", "key ends with wxyz", "…starting with sk-ab". */
const KEY_ENDS = /(\bkey\b[^.\n]{0,30}?\b(?:ending|ends|starting|starts|beginning|begins)\s+(?:in|with)\s+)(\S+)/gi

/** Shortest prefix or suffix of a known key that is still taken as part of it. */
const PART = 4

export function redactSecrets(text: string, apiKey?: string): string {
  let out = apiKey ? redactKeyParts(text, apiKey) : text
  out = out.replace(KEY_MENTION, (whole, lead: string, quote: string, value: string) =>
    SECRET_LIKE.test(value) ? `${lead}${quote}${REDACTED}` : whole,
  )
  out = out.replace(KEY_ENDS, `$1${REDACTED}`)
  return out.replace(KEY_TOKEN, (token) => (token === REDACTED ? token : REDACTED))
}

/**
 * The key in any form (a slice, another case, base64, hex, reversed, spaced: lib/secrets/key-forms.ts),
 * and any word holding its first or last characters (a masked echo keeps those).
 */
function redactKeyParts(text: string, apiKey: string): string {
  const out = keyRedactor([apiKey], REDACTED)?.(text) ?? text.split(apiKey).join(REDACTED)
  if (apiKey.length < 2 * PART) return out
  const prefix = apiKey.slice(0, Math.max(PART, Math.min(8, apiKey.length - PART)))
  const suffix = apiKey.slice(-PART)
  return out.replace(/[^\s,;"'()<>]+/g, (word) => (word.includes(prefix) || word.includes(suffix) ? REDACTED : word))
}
