// dsh.config.yml through the CLI: a project-wide redaction lets `dsh test --mode record --stub`
// write a recording whose prompt holds an e-mail address (redacted alike in log and golden), the
// recording replays green, and a project-wide maxAge makes an old recording a replay warning.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const project = scratchProject('project-config-cli')
afterAll(() => project.remove())
// Assembled at run time so this file holds no literal address.
const address = ['bob.jones', 'example.org'].join('@')
const dir = join(project.root, 'scenarios', 'mailer')
const dsh = (...argv: string[]) => runCli([...argv, '--root', project.root])

describe('dsh.config.yml', () => {
  it('redacts for every scenario when recording, and its maxAge warns in replay', async () => {
    project.scenario('mailer', {
      manifest:
        'scenario: mailer\ndescription: A prompt with an address.\nrecording: stub\n' +
        'header:\n  class: default\n  pin: true\n',
      input: {
        steps: [
          { op: 'initialize' },
          { op: 'newSession', as: 's1' },
          { op: 'prompt', session: 's1', text: `mail ${address}` },
        ],
      },
    })
    project.modelScript('mailer', [{ reply: { text: 'Sent.', deltas: 1 } }])
    const refused = await dsh('test', 'mailer', '--mode', 'record', '--stub')
    expect(refused.code).toBe(1)
    expect(refused.stdout + refused.stderr).toMatch(/session\.jsonl:\d+:\d+ email/)

    writeFileSync(join(project.root, 'dsh.config.yml'), 'redact:\n  - { rule: email, token: "{{secret:email}}" }\n')
    const recorded = await dsh('test', 'mailer', '--mode', 'record', '--stub')
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0)
    for (const file of ['session.jsonl', 'stdout.golden.jsonl']) {
      const text = readFileSync(join(dir, file), 'utf8')
      expect(text).toContain('mail {{secret:email}}')
      expect(text).not.toContain(address)
    }
    expect(readFileSync(join(dir, 'snapshot.yml'), 'utf8')).not.toContain('redact')
    expect((await dsh('test', 'mailer')).code).toBe(0)

    const manifest = readFileSync(join(dir, 'snapshot.yml'), 'utf8')
    writeFileSync(join(dir, 'snapshot.yml'), manifest.replace(/^date: .*$/m, 'date: 2020-01-01'))
    writeFileSync(
      join(project.root, 'dsh.config.yml'),
      'redact: [{ rule: email, token: "{{secret:email}}" }]\nmaxAge: 30\n',
    )
    const stale = await dsh('test', 'mailer')
    expect(stale.code).toBe(0)
    expect(stale.stderr).toMatch(
      /warning: scenario mailer: recorded 2020-01-01, \d+ days ago, older than maxAge \(30 days\)/,
    )
  }, 60_000)
})
