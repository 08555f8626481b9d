import { describe, expect, it } from 'vitest'
import { redactor, rulesFor, unknownRuleProblem } from './redact.ts'
import { scanText } from './scan.ts'

const identity = { home: '/home/alice', hostname: 'alice-laptop' }
const rules = rulesFor(identity)
const rulesHit = (text: string) => scanText('session.jsonl', text, rules).map((hit) => hit.rule)

// Samples are assembled at run time so this file itself holds no literal secret.
const key = ['sk', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6'].join('-')
const jwtPart = (s: string) => Buffer.from(s).toString('base64url')
const jwt = `${jwtPart('{"alg":"HS256","typ":"JWT"}')}.${jwtPart('{"sub":"1234567890"}')}.c2lnbmF0dXJlLXZhbHVl`

describe('the secret rules', () => {
  it.each([
    ['api-key', `{"text":"my key is ${key}"}`],
    ['aws-access-key', 'aws_access_key_id=AKIAIOSFODNN7EXAMPLE'],
    ['github-token', `token ${['ghp', 'a'.repeat(20) + 'B1'.repeat(8)].join('_')}`],
    ['slack-token', `${['xoxb', '123456789012', 'abcdefABCDEF'].join('-')}`],
    ['private-key', '"-----BEGIN OPENSSH PRIVATE KEY-----\\nb3Blbn..."'],
    ['jwt', `{"cookie":"${jwt}"}`],
    ['authorization', '"headers":{"Authorization": "Bearer abcdefghijklmnop"}'],
    ['assigned-secret', '{"output":"DB_PASSWORD=\\"q8Z!x2Lp0vR7mK4tW9\\"; export"}'.replace('!', 'a')],
    ['email', 'contact alice.smith+dsh@example.co.uk today'],
    ['home-dir', '{"cwd":"/home/alice/project"}'],
    ['host-name', 'ssh alice-laptop uptime'],
  ])('%s is found', (rule, text) => {
    expect(rulesHit(text)).toContain(rule)
  })

  it.each([
    ['a typed token', '{"sessionId":"{{session:1}}","token":"{{message:12}}"}'],
    ['a low-entropy assignment', '"password = aaaaaaaaaaaaaaaaaaaa"'],
    ['plain prose and a cwd token', 'The file {{cwd}}/notes.md says hello @ noon.'],
    ['a short sk- word', 'the sk-learn docs'],
    ['someone else’s home', '/home/bob/project'],
  ])('%s is not a hit', (_, text) => {
    expect(rulesHit(text)).toEqual([])
  })

  it('reports the line and column of each hit, masked, in text order', () => {
    const hits = scanText('session.jsonl', `{"a":1}\n{"b":"x ${key}"}\n`, rules)
    expect(hits).toEqual([
      {
        file: 'session.jsonl',
        line: 2,
        column: 9,
        rule: 'api-key',
        what: expect.any(String),
        masked: 'sk-a… (35 chars)',
      },
    ])
    const short = { id: 'short', what: 'a short value', pattern: /abc/g }
    expect(scanText('a.txt', 'x abc', [short]).map((hit) => hit.masked)).toEqual(['****'])
  })

  it('lets an allowed rule through, in the named file only', () => {
    const text = 'write to ops@example.com'
    expect(scanText('session.jsonl', text, rules, [{ rule: 'email', file: 'session.jsonl' }])).toEqual([])
    expect(scanText('stdout.golden.jsonl', text, rules, [{ rule: 'email', file: 'session.jsonl' }])).toHaveLength(1)
    expect(scanText('any.json', text, rules, [{ rule: 'email' }])).toEqual([])
  })

  it('scores random keys above words', () => {
    const assigned = (minEntropy: number) => [{ id: 'value', what: 'a value', pattern: /v=(\w+)/g, minEntropy }]
    expect(scanText('a.txt', 'v=q8Zax2Lp0vR7mK4tW9', assigned(3.5))).toHaveLength(1)
    expect(scanText('a.txt', 'v=passwordpassword', assigned(3))).toEqual([])
    expect(scanText('a.txt', 'v=passwordpassword', assigned(2.5))).toHaveLength(1)
  })
})

describe('redaction', () => {
  it('replaces whole matches by rule (the address with its local part) and by pattern', () => {
    const text = `mail alice.smith@example.com, key ${key}, build 4711`
    const out = redactor(
      [
        { rule: 'email', token: '{{secret:email}}' },
        { rule: 'api-key', token: '{{secret:key}}' },
        { pattern: 'build \\d+', token: 'build N' },
      ],
      identity,
    )!(text)
    expect(out).toBe('mail {{secret:email}}, key {{secret:key}}, build N')
    expect(rulesHit(out)).toEqual([])
  })

  it('names an unknown rule with the near ones', () => {
    expect(unknownRuleProblem('api-key')).toBeUndefined()
    expect(unknownRuleProblem('apikey')).toMatch(/^"apikey" is not a secret-scan rule; did you mean "api-key"\?/)
  })
})
