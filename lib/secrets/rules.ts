// What the secret scan looks for in everything dsh writes as a fixture. Each rule has a stable id:
// `allow:` and `redact:` entries in a manifest name rules by it, and a hit names it. Patterns
// match within a line (fixtures are JSON lines); private-key blocks are found by their armour line.
import { escapeRegExp } from '../cwd-spellings.ts'

export interface SecretRule {
  id: string
  /** What a hit means, for the refusal message. */
  what: string
  pattern: RegExp
  /** Characters a match extends over to its left (an address's local part), at most 64 of them. */
  extendsLeftOver?: RegExp
  /** A captured value must look random (Shannon entropy, bits per character) to count. */
  minEntropy?: number
}

/** The user's own identifiers, which differ per machine and so cannot be fixed patterns. */
export interface LocalIdentity {
  home?: string
  hostname?: string
}

export const SECRET_RULES: readonly SecretRule[] = [
  { id: 'api-key', what: 'an OpenAI/DeepSeek-style API key', pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/g },
  { id: 'aws-access-key', what: 'an AWS access key id', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  {
    id: 'github-token',
    what: 'a GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g,
  },
  { id: 'slack-token', what: 'a Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { id: 'private-key', what: 'a private key block', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/g },
  {
    id: 'jwt',
    what: 'a JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  },
  {
    id: 'authorization',
    what: 'an Authorization header value',
    pattern: /\bAuthorization\\?"?\s*[:=]\s*\\?"?(?:Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  },
  {
    id: 'assigned-secret',
    what: 'a high-entropy value assigned to a secret-looking name',
    // Checked further by entropy (scan.ts): a random value counts, `token: "{{message:1}}"` does not.
    // The keyword leads (no open-ended prefix class), so a long run of letters costs no backtracking.
    pattern: new RegExp(
      '(?:secret|token|passw(?:or)?d|api_?key|access_?key|private_?key)[A-Za-z0-9_]*' +
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
    pattern: /@(?<=[A-Za-z0-9._%+-]@)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g,
    extendsLeftOver: /[A-Za-z0-9._%+-]/,
  },
]

/** The identity rules: the user's home folder and host name, when they are specific enough. */
export function localRules(identity: LocalIdentity): SecretRule[] {
  const rules: SecretRule[] = []
  const home = identity.home?.replace(/\/+$/, '')
  if (home && home.split('/').filter(Boolean).length >= 1 && home !== '/root') {
    rules.push({ id: 'home-dir', what: "the user's home folder", pattern: new RegExp(escapeRegExp(home), 'g') })
  }
  const host = identity.hostname
  if (host && host.length >= 4 && host !== 'localhost') {
    rules.push({
      id: 'host-name',
      what: "this machine's host name",
      pattern: new RegExp(`\\b${escapeRegExp(host)}\\b`, 'g'),
    })
  }
  return rules
}

export const RULE_IDS: readonly string[] = [...SECRET_RULES.map((rule) => rule.id), 'home-dir', 'host-name']
