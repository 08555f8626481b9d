// The scan's corpus (issue 43, leak 4): what real sessions leaked and each rule family must find,
// in the forms fixtures hold them (JSON lines, escaped line breaks), and what it must let through.
// Samples are assembled at run time, so this file itself holds no literal secret.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { redactor, rulesFor } from './redact.ts'
import { scanText } from './scan.ts'

const rules = rulesFor({ home: '/home/alice', hostname: 'alice-laptop' })
const hitsIn = (text: string) => scanText('session.jsonl', text, rules).map((hit) => hit.rule)
const join = (...parts: string[]) => parts.join('')
/** A JSON line as a session log holds a tool's output. */
const logged = (output: string) => JSON.stringify({ type: 'tool/result', data: { output } })

/** `length` characters of `alphabet`, the same for the same seed (SHA-512 of the seed and a block number). */
const random = (alphabet: string, length: number, seed: number) => {
  const blocks = Array.from({ length: Math.ceil(length / 64) }, (_, i) =>
    createHash('sha512').update(`${seed}:${i}`).digest(),
  )
  const bytes = Buffer.concat(blocks)
  return Array.from({ length }, (_, i) => alphabet[bytes[i]! % alphabet.length]).join('')
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const BASE64 = `${ALNUM}+/`
const HEX = '0123456789abcdef'
const skKey = join('sk', '-', random(ALNUM, 32, 1))
const awsSecret = random(BASE64, 40, 7)
const pemBody = ['MIIE', random(BASE64, 60, 3), '\n', random(BASE64, 64, 4), '\n', random(BASE64, 30, 5)].join('')

const TRUE_POSITIVES: Array<[rule: string, where: string, text: string]> = [
  ['connection-string', 'to an IP', join('postgres://app:', 'Xy7pLq2', '@10.0.0.5:5432/db')],
  ['connection-string', 'to localhost', join('mysql://root:', 'hunter2', '@localhost/app')],
  ['connection-string', 'to a host without a dot', join('redis://:', 'pa55w0rd', '@cache:6379/0')],
  ['connection-string', 'in JSON', logged(join('DATABASE_URL=mongodb+srv://u:', 'q8Zax2', '@db/x'))],
  ['google-api-key', 'a Google key', join('AIza', random(ALNUM, 35, 11))],
  ['stripe-key', 'a live Stripe key', join('sk_', 'live_', random(ALNUM, 24, 12))],
  ['stripe-key', 'a restricted key', join('rk_', 'live_', random(ALNUM, 24, 13))],
  ['npm-token', 'in an .npmrc', join('//registry.npmjs.org/:_authToken=', 'npm_', random(ALNUM, 36, 14))],
  ['sendgrid-key', 'a SendGrid key', join('SG', '.', random(ALNUM, 22, 15), '.', random(ALNUM, 43, 16))],
  [
    'azure-storage-key',
    'a storage connection string',
    join('DefaultEndpointsProtocol=https;AccountName=x;', 'AccountKey=', random(BASE64, 86, 17), '==;'),
  ],
  ['aws-secret-key', 'bare, on a line of its own', logged(`${awsSecret}\n`)],
  ['aws-secret-key', 'after an escaped line break', logged(`key id above\n${awsSecret}\nend`)],
  ['aws-secret-key', 'in a credentials file', `aws_secret_access_key = ${awsSecret}`],
  ['aws-access-key', 'an access key id', join('AKIA', random('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16, 18))],
  ['private-key-body', 'a PEM body without its header', pemBody],
  ['private-key-body', 'a PEM body, escaped in JSON', logged(pemBody)],
  ['private-key-body', 'an OpenSSH key body', join('b3BlbnNzaC1rZXktdjEA', random(BASE64, 60, 19))],
  ['private-key', 'a PEM header', join('-----BEGIN RSA ', 'PRIVATE KEY-----')],
  ['api-key', 'whole', logged(`key: ${skKey}`)],
  ['api-key', 'split across two lines (raw)', `${skKey.slice(0, 12)}\n${skKey.slice(12)}`],
  ['api-key', 'split across two lines (in JSON)', logged(`${skKey.slice(0, 17)}\n${skKey.slice(17)}`)],
  [
    'api-key',
    'split across three lines (CRLF)',
    logged(`${skKey.slice(0, 16)}\r\n${skKey.slice(16, 30)}\r\n${skKey.slice(30)}`),
  ],
  ['github-token', 'a classic token', join('ghp', '_', random(ALNUM, 36, 20))],
  ['gitlab-token', 'a personal token', join('glpat', '-', random(ALNUM, 20, 21))],
  ['slack-webhook', 'a webhook URL', join('https://hooks.slack.com/services/', 'T0000/B0000/', random(ALNUM, 24, 22))],
  ['google-oauth', 'a client secret', join('GOCSPX', '-', random(ALNUM, 28, 23))],
  ['service-token', 'a Hugging Face token', join('hf', '_', random('abcdefghijklmnopqrstuvwxyzABCDEF', 34, 24))],
  ['service-token', 'a DigitalOcean token', join('dop', '_v1_', random(HEX, 64, 25))],
  ['authorization', 'a Basic header', join('Authorization: Basic ', Buffer.from('user:pw').toString('base64'), 'AAAA')],
]

const FALSE_POSITIVES: Array<[what: string, text: string]> = [
  ['a UUID and a git SHA', logged(`session 6f1c2e4a-0b1d-4c3e-9f8a-7d6e5c4b3a21 at ${random(HEX, 40, 30)}`)],
  ['a sha256 digest', `sha256:${random(HEX, 64, 31)}`],
  ['a placeholder password', `postgres://user:${'$'}{DB_PASSWORD}@db:5432/app and mysql://root:<password>@localhost`],
  ['a masked password', 'redis://:****@cache:6379 and amqp://guest:xxxx@rabbit'],
  ['a URL without a password', 'https://example.com/path?q=1 and http://localhost:8080/x@y'],
  ['npm settings', 'npm_config_cache=/tmp/npm and npm_package_name=dsh'],
  ['the sk-learn docs', 'see the sk-learn docs and sk-1'],
  ['a long identifier', 'AbstractSingletonProxyFactoryBeanProvider'],
  ['a path of 40 letters', 'home/alice/projects/dsh/plugins/tools/src'],
  ['a typed token', logged('{{session:1}} {{message:12}} {{cwd}}/a.txt token: {{secret:api-key}}')],
  ['short base64', `data: ${Buffer.from('hello world, this is fine').toString('base64')}`],
  ['prose across lines', logged('The quick brown fox jumps over\nthe lazy dog; implementation\ndetails follow.')],
  ['a Stripe publishable key', join('pk_', 'live_', random(ALNUM, 24, 32))],
  ['an MD5 after "key-"', `cache key-${random(HEX, 32, 33)}`],
]

describe('the secret scan finds', () => {
  it.each(TRUE_POSITIVES)('%s: %s', (rule, _, text) => {
    expect(hitsIn(text)).toContain(rule)
  })
})

describe('the secret scan lets through', () => {
  it.each(FALSE_POSITIVES)('%s', (_, text) => {
    expect(hitsIn(text)).toEqual([])
  })
})

describe('a token split by a line break', () => {
  it('is one hit from its first line, with the break inside its span, and redacts whole', () => {
    const text = logged(`before ${skKey.slice(0, 12)}\n${skKey.slice(12)} after`)
    const hits = scanText('session.jsonl', text, rules)
    expect(hits.map((hit) => [hit.rule, hit.masked])).toEqual([['api-key', `${skKey.slice(0, 4)}… (37 chars)`]])
    const redact = redactor([{ rule: 'api-key', token: '{{secret:api-key}}' }], {})!
    expect(redact(text)).toBe(logged('before {{secret:api-key}} after'))
  })
})
