// The secret scan as a gate, end to end and keylessly: a recording that would write an e-mail
// address is refused with the previous fixtures left byte for byte; a `redact:` entry records it
// as a token and the redacted recording replays green (replay redacts the live history alike);
// a secret in a committed fixture fails replay; refresh and --pending refuse alike.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'
import { failureMessages } from '../model/failure.ts'

const project = scratchProject('secret-scan')
afterAll(() => project.remove())

const NAME = 'leaky'
const dir = join(project.root, 'scenarios', NAME)
// Assembled at run time so this file holds no literal address.
const address = ['alice.smith', 'example.com'].join('@')
const manifest = (extra = '') =>
  `scenario: ${NAME}\ndescription: A prompt that may carry an address.\nrecording: stub\n` +
  `header:\n  class: default\n  pin: true\n${extra}`
const input = (text: string) => ({
  steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text }],
})
const fixture = (file: string) => readFileSync(join(dir, file), 'utf8')
const FIXTURES = ['session.jsonl', 'stdout.golden.jsonl', 'system-prompt.expected.md', 'tool-schemas.expected.json']

describe('the secret scan on fixtures', () => {
  it('refuses a write holding a secret, redacts what the manifest says, fails replay on a committed one', async () => {
    project.scenario(NAME, { manifest: manifest(), input: input('say hello') })
    project.modelScript(NAME, [{ reply: { text: 'Hello.', deltas: 1 } }])
    const first = await runScenarios({ root: project.root, mode: 'record', stub: true })
    expect(first.outcomes[0]?.failures).toEqual([])
    const before = FIXTURES.map(fixture)

    writeFileSync(join(dir, 'input.json'), JSON.stringify(input(`mail ${address} a hello`)))
    const refused = await runScenarios({ root: project.root, mode: 'record', stub: true })
    const failures = failureMessages(refused.outcomes[0]?.failures ?? []).join('\n') ?? ''
    expect(failures).toMatch(
      /secret scan: scenario leaky: (a possible secret|\d+ possible secrets); nothing was written/,
    )
    expect(failures).toMatch(/ {2}session\.jsonl:\d+:\d+ email \(an e-mail address\): alic… \(23 chars\)/)
    expect(failures).toContain(`redact: [{ rule: email, token: "{{secret:email}}" }]`)
    expect(failures).not.toContain(address)
    expect(refused.outcomes[0]?.written).toEqual([])
    expect(FIXTURES.map(fixture)).toEqual(before)

    writeFileSync(join(dir, 'snapshot.yml'), manifest('redact:\n  - { rule: email, token: "{{secret:email}}" }\n'))
    const redacted = await runScenarios({ root: project.root, mode: 'record', stub: true })
    expect(redacted.outcomes[0]?.failures).toEqual([])
    expect(fixture('session.jsonl')).toContain('mail {{secret:email}} a hello')
    expect(FIXTURES.map(fixture).join('')).not.toContain(address)

    const replayed = await runScenarios({ root: project.root })
    expect(replayed.outcomes[0]?.failures).toEqual([])

    const log = fixture('session.jsonl')
    writeFileSync(join(dir, 'session.jsonl'), log.replaceAll('{{secret:email}}', address))
    const committed = await runScenarios({ root: project.root })
    expect(failureMessages(committed.outcomes[0]?.failures ?? []).join('\n')).toMatch(
      /secret scan: scenario leaky: .*in committed fixtures[\s\S]*session\.jsonl:\d+:\d+ email/,
    )
  })

  it('refuses a refresh and a --pending refresh alike, leaving the stale golden and writing no .new copy', async () => {
    writeFileSync(join(dir, 'snapshot.yml'), manifest('allow: [{ rule: email }]\n'))
    writeFileSync(join(dir, 'input.json'), JSON.stringify(input(`mail ${address} a hello`)))
    const recorded = await runScenarios({ root: project.root, mode: 'record', stub: true })
    expect(recorded.outcomes[0]?.failures).toEqual([])
    writeFileSync(join(dir, 'snapshot.yml'), manifest('allow: [{ rule: email, file: session.jsonl }]\n'))
    writeFileSync(join(dir, 'stdout.golden.jsonl'), 'stale\n')
    for (const pending of [false, true]) {
      const refused = await runScenarios({ root: project.root, mode: 'refresh', pending })
      expect(failureMessages(refused.outcomes[0]?.failures ?? []).join('\n')).toMatch(
        /nothing was written\n {2}stdout\.golden\.jsonl:\d+:\d+ email/,
      )
      expect(fixture('stdout.golden.jsonl')).toBe('stale\n')
      expect(readdirSync(dir).filter((file) => file.endsWith('.new'))).toEqual([])
    }
  })
})
