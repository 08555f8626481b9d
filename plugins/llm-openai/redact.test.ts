// Every provider wording of a rejected key we know of (issue 28, item 4): no part of the key,
// its prefix, its suffix or a masked form, survives redaction.
import { describe, expect, it } from 'vitest'
import { redactSecrets } from './redact.ts'

const KEY = 'sk-sentinel0123456789abcdef1234'
const PREFIX = KEY.slice(0, 8)
const SUFFIX = KEY.slice(-4)

const WORDINGS: Array<[string, string]> = [
  ['DeepSeek 401', `Authentication Fails, Your api key: ****${SUFFIX} is invalid`],
  ['OpenAI 401', `Incorrect API key provided: ${PREFIX}************${SUFFIX}. You can find your API key at https://x.`],
  ['OpenAI, older mask', `Incorrect API key provided: ${KEY.slice(0, 3)}...${SUFFIX}.`],
  ['a proxy echoing the header', `invalid header: Authorization: Bearer ${KEY}`],
  ['a proxy echoing the query', `unauthorized request ?api_key=${KEY}&model=x`],
  ['a gateway naming the end', `The API key ending in ${SUFFIX} has been revoked`],
  ['a gateway quoting it', `key "${KEY}" not found`],
  ['Azure style', `Access denied due to invalid subscription key or wrong API endpoint (key=${PREFIX}...)`],
  ['a bullet mask', `api key ${PREFIX}•••••${SUFFIX} rejected`],
  ['the key split by the body', `prefix ${KEY.slice(0, 12)} and suffix ${KEY.slice(-6)}`],
]

describe('redactSecrets', () => {
  it.each(WORDINGS)('%s: no prefix, suffix or masked form remains', (_, text) => {
    const out = redactSecrets(text, KEY)
    expect(out).toContain('[redacted]')
    for (const part of [KEY, PREFIX, SUFFIX, '****', '•••']) expect(out).not.toContain(part)
  })

  it('redacts masked and key-shaped mentions even without the key at hand', () => {
    expect(redactSecrets(`Incorrect API key provided: sk-abcd************wxyz.`)).toBe(
      'Incorrect API key provided: [redacted].',
    )
    expect(redactSecrets('Authentication Fails, Your api key: ****6789 is invalid')).toBe(
      'Authentication Fails, Your api key: [redacted] is invalid',
    )
  })

  it('leaves words that only sit next to "api key" alone', () => {
    for (const text of ['DEEPSEEK_API_KEY is not set', 'the API key is invalid', 'Bearer token expired'])
      expect(redactSecrets(text, KEY)).toBe(text)
  })
})
