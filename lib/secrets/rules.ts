// What the secret scan looks for in everything dsh writes as a fixture. Each rule has a stable id:
// `allow:` and `redact:` entries in a manifest name rules by it, and a hit names it. The tokens
// with a vendor's shape are in token-rules.ts; here are the ones found by their context (a header,
// a name, a URL's password) and the user's own identity.
import { escapeRegExp } from '../cwd-spellings.ts'
import type { LocalIdentity, SecretRule } from './rule.ts'
import { TOKEN_RULES } from './token-rules.ts'

export type { LocalIdentity, SecretRule } from './rule.ts'

/** A value that stands for a secret instead of being one: `${PASS}`, `<password>`, `****`, `{{secret}}`. */
const PLACEHOLDER = /^(?:[$%<{[(*]|x+$|\.{3}|pass(?:word)?$|secret$|changeme$|redacted$)/i

const CONTEXT_RULES: readonly SecretRule[] = [
  {
    id: 'authorization',
    what: 'an Authorization header value',
    pattern: /\bAuthorization\\?"?\s*[:=]\s*\\?"?(?:Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  },
  {
    id: 'connection-string',
    what: 'a password in a URL or connection string',
    // scheme://user:password@host, whatever the host: an IP, localhost, a name without a dot.
    // Anchored on "://" with the scheme behind it, like the e-mail rule on "@" (a scheme-first pattern
    // is tried at every letter).
    literals: ['://'],
    pattern: /:\/\/(?<=[a-z0-9+.-]{2}:\/\/)[^\s:/?#@"'\\]{0,128}:([^\s/?#@"'\\]{1,256})@[^\s/?#"'\\]/gi,
    check: (password) => !PLACEHOLDER.test(password),
  },
  {
    id: 'assigned-secret',
    what: 'a high-entropy value assigned to a secret-looking name',
    // Checked further by entropy (scan.ts): a random value counts, `token: "{{message:1}}"` does not.
    // The keyword leads (no open-ended prefix class), so a long run of letters costs no backtracking.
    pattern: new RegExp(
      '(?:secret|token|passw(?:or)?d|api_?key|access_?key|private_?key|account_?key|credential)[A-Za-z0-9_]*' +
        '\\\\?"?\\s*[:=]\\s*\\\\?["\']?([A-Za-z0-9+/_.~=-]{16,})',
      'gi',
    ),
    minEntropy: 3.5,
  },
  {
    id: 'email',
    what: 'an e-mail address',
    // Anchored on "@" with a bounded local part: an unanchored `[…]+@` re-scans every letter run.
    // The "@" leads and the look-behind follows it, so V8 skips to each "@" (5× faster than the
    // look-behind first, which it tries at every position).
    literals: ['@'],
    pattern: /@(?<=[A-Za-z0-9._%+-]@)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g,
    extendsLeftOver: /[A-Za-z0-9._%+-]/,
  },
]

export const SECRET_RULES: readonly SecretRule[] = [...TOKEN_RULES, ...CONTEXT_RULES]

/** The identity rules: the user's home folder and host name, when they are specific enough. */
export function localRules(identity: LocalIdentity): SecretRule[] {
  const rules: SecretRule[] = []
  const home = identity.home?.replace(/\/+$/, '')
  if (home && home.split('/').filter(Boolean).length >= 1 && home !== '/root') {
    rules.push({
      id: 'home-dir',
      what: "the user's home folder",
      literals: [home],
      pattern: new RegExp(escapeRegExp(home), 'g'),
    })
  }
  const host = identity.hostname
  if (host && host.length >= 4 && host !== 'localhost') {
    rules.push({
      id: 'host-name',
      what: "this machine's host name",
      literals: [host],
      pattern: new RegExp(`\\b${escapeRegExp(host)}\\b`, 'g'),
    })
  }
  return rules
}

export const RULE_IDS: readonly string[] = [...SECRET_RULES.map((rule) => rule.id), 'home-dir', 'host-name']
