// Credentials that announce themselves: a vendor's fixed prefix or shape. The families follow the
// public rule sets of the well-kept scanners (gitleaks, detect-secrets) as a list of facts about
// token formats; the patterns are written here. Each is anchored on a literal, so a 10 MB fixture
// costs one quick pass per rule. `joinsLines`: also found when a line break splits the token (a
// terminal wrapped it), docs/secret-scan.md.
import type { RawMatch, SecretRule } from './rule.ts'

const BASE64 = 'A-Za-z0-9+/'

export const TOKEN_RULES: readonly SecretRule[] = [
  {
    id: 'api-key',
    what: 'an OpenAI/DeepSeek-style API key',
    literals: ['sk-'],
    pattern: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/g,
    joinsLines: true,
  },
  {
    id: 'aws-access-key',
    what: 'an AWS access key id',
    literals: ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ABIA', 'ACCA'],
    pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
    joinsLines: true,
  },
  {
    id: 'aws-secret-key',
    what: 'an AWS secret access key (40 random base64 characters)',
    // Bare, with nothing naming it: a run of exactly 40 such characters (found by code: as a regular
    // expression it is tried at every position, ten times the cost of all the other rules). Hex digests
    // (one case) and words (no digits, low entropy) fail the tests.
    find: (text) => exactRuns(text, 40),
    minEntropy: 4.3,
    check: (value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 2,
  },
  {
    id: 'github-token',
    what: 'a GitHub token',
    literals: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g,
    joinsLines: true,
  },
  {
    id: 'gitlab-token',
    what: 'a GitLab token',
    literals: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'gloas-'],
    pattern: /\bgl(?:pat|dt|rt|ptt|oas)-[A-Za-z0-9_-]{20,}/g,
  },
  {
    id: 'slack-token',
    what: 'a Slack token',
    literals: ['xoxa-', 'xoxb-', 'xoxp-', 'xoxo-', 'xoxs-', 'xoxr-', 'xoxe-'],
    pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g,
    joinsLines: true,
  },
  {
    id: 'slack-webhook',
    what: 'a Slack incoming-webhook URL',
    literals: ['hooks.slack.com/'],
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,}/g,
  },
  {
    id: 'stripe-key',
    what: 'a Stripe secret or restricted key',
    literals: ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'],
    pattern: /\b(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,}/g,
    joinsLines: true,
  },
  {
    id: 'google-api-key',
    what: 'a Google API key',
    literals: ['AIza'],
    pattern: /\bAIza[0-9A-Za-z_-]{35}/g,
    joinsLines: true,
  },
  {
    id: 'google-oauth',
    what: 'a Google OAuth client secret or access token',
    literals: ['GOCSPX-', 'ya29.'],
    pattern: /\b(?:GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[A-Za-z0-9_-]{30,})/g,
  },
  {
    id: 'npm-token',
    what: 'an npm access token',
    literals: ['npm_'],
    pattern: /\bnpm_[A-Za-z0-9]{36}\b/g,
    joinsLines: true,
  },
  {
    id: 'sendgrid-key',
    what: 'a SendGrid API key',
    literals: ['SG.'],
    pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g,
    joinsLines: true,
  },
  {
    id: 'azure-storage-key',
    what: 'an Azure storage account key or shared access key',
    literals: ['AccountKey', 'SharedAccessKey'],
    pattern: /\b(?:AccountKey|SharedAccessKey)\s*=\s*([A-Za-z0-9+/]{40,}={0,2})/g,
  },
  {
    id: 'service-token',
    what: 'a service token with a known prefix',
    // Hugging Face, PyPI, Docker Hub, DigitalOcean, Shopify, Linear, Databricks, age, 1Password
    // service accounts, Twilio API keys, Postman, Doppler, Pulumi, Grafana, Atlassian.
    literals: [
      ...['hf_', 'pypi-', 'dckr_pat_', 'dop_v1_', 'dor_v1_', 'doo_v1_', 'shpat_', 'shpca_', 'shppa_', 'shpss_'],
      ...['lin_api_', 'dapi', 'AGE-SECRET-KEY-1', 'ops_eyJ', 'SK', 'PMAK-', 'dp.pt.', 'pul-', 'glsa_', 'ATATT3'],
    ],
    pattern: new RegExp(
      [
        'hf_[A-Za-z]{34}',
        'pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}',
        'dckr_pat_[A-Za-z0-9_-]{27}',
        'do[pro]_v1_[a-f0-9]{64}',
        'shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}',
        'lin_api_[A-Za-z0-9]{40}',
        'dapi[a-f0-9]{32}',
        'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
        'ops_eyJ[A-Za-z0-9+/=]{100,}',
        'SK[0-9a-f]{32}',
        'PMAK-[a-f0-9]{24}-[a-f0-9]{34}',
        'dp\\.pt\\.[A-Za-z0-9]{43}',
        'pul-[a-f0-9]{40}',
        'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}',
        'ATATT3[A-Za-z0-9_=-]{180,}',
      ]
        .map((alternative) => `\\b${alternative}\\b`)
        .join('|'),
      'g',
    ),
  },
  {
    id: 'private-key',
    what: 'a private key block',
    literals: ['-----BEGIN '],
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
  },
  {
    id: 'private-key-body',
    what: 'the body of a PEM key or certificate, or an OpenSSH key, without its header line',
    // DER keys and certificates start with a SEQUENCE, "MII…" in base64 (a 64-character PEM line);
    // an OpenSSH private key with the base64 of "openssh-key-v1".
    literals: ['MII', 'b3BlbnNzaC1rZXktdjEA'],
    pattern: new RegExp(`(?<![${BASE64}])(?:MII[${BASE64}]{61}|b3BlbnNzaC1rZXktdjEA[${BASE64}]{20,})`, 'g'),
    joinsLines: true,
  },
  {
    id: 'jwt',
    what: 'a JSON Web Token',
    literals: ['eyJ'],
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    joinsLines: true,
  },
]

/** Base64 characters (in a run) and the ones that extend a run into something else (`=`, `_`, `-`). */
const IN_RUN = new Uint8Array(128)
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') IN_RUN[char.charCodeAt(0)] = 1
for (const char of '=_-') IN_RUN[char.charCodeAt(0)] = 2

/**
 * Runs of exactly `length` base64 characters, between characters that are none (nor `=`, `_`, `-`).
 * A run right after a JSON escape (`\n`, `\t`, `\r`) starts after its letter.
 */
function exactRuns(text: string, length: number): RawMatch[] {
  const found: RawMatch[] = []
  let start = 0
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 0
    // A code past the table (not ASCII) is no base64 character.
    const kind = IN_RUN[code] ?? 0
    if (kind === 1) continue
    const run = at - start
    if (kind === 0 && (run === length || run === length + 1)) {
      // After a JSON escape (`\n`) the run's first letter is the escape's.
      const letter = text[start]
      const escaped = run === length + 1 && text[start - 1] === '\\' && letter !== undefined && 'ntr'.includes(letter)
      const from = escaped ? start + 1 : start
      const previous = from > 0 ? text.charCodeAt(from - 1) : 0
      const before = IN_RUN[previous] ?? 0
      if (at - from === length && before !== 2) found.push({ index: from, length, value: text.slice(from, at) })
    }
    start = at + 1
  }
  return found
}
