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

// issue 43, item 7: a 401 body echoing the key in another form.
const OTHER_FORMS: Array<[string, string, string]> = [
  ['the middle slice', `fragment …${KEY.slice(3, 14)}… rejected`, KEY.slice(3, 14)],
  ['upper case (a part)', `got ${KEY.toUpperCase().slice(0, 14)} here`, 'SENTINEL012'],
  ['base64', `{"key_b64":"${Buffer.from(KEY).toString('base64')}"}`, Buffer.from(KEY).toString('base64').slice(4, 20)],
  [
    'Basic auth',
    `rejected: Authorization: Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`,
    Buffer.from(`user:${KEY}`).toString('base64').slice(8, 24),
  ],
  ['hex', `key=${Buffer.from(KEY).toString('hex')}`, Buffer.from(KEY).toString('hex').slice(8, 30)],
  ['reversed', `debug: ${[...KEY].reverse().join('')}`, [...KEY].reverse().join('').slice(4, 20)],
  ['space-grouped', `your key is ${KEY.match(/.{1,4}/g)!.join(' ')}`, KEY.slice(4, 8)],
]

describe('redactSecrets, the key in another form (issue 43, item 7)', () => {
  it.each(OTHER_FORMS)('%s', (_, body, part) => {
    const out = redactSecrets(body, KEY)
    expect(out).toContain('[redacted]')
    expect(out).not.toContain(part)
  })
})
