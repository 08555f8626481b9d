// issue 40 item 1: a tool whose answer differs on every call drifts in replay until a `normalize:` rule
// names the field; with the rule the recording holds the token, replay is green in process and in a
// subprocess host, and the outcome says which rule changed how many places.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { failureMessages } from '../model/failure.ts'
import { CLOCK, clockProject } from '../test-support/clock-project.ts'
import { runScenarios } from './run.ts'

const project = clockProject('normalize-rules')
afterAll(() => project.remove())
const fixture = (file: string) => readFileSync(join(project.root, 'scenarios', CLOCK, file), 'utf8')

describe('normalize: rules', () => {
  it('turns a drifting tool result into a token in the recording, the goldens and the replayed history', async () => {
    expect((await runScenarios({ root: project.root, mode: 'record', stub: true })).outcomes[0]?.failures).toEqual([])
    const drifted = await runScenarios({ root: project.root })
    expect(failureMessages(drifted.outcomes[0]?.failures ?? []).join('\n')).toMatch(/REPLAY_DRIFT/)

    writeFileSync(join(project.root, 'dsh.config.yml'), 'normalize:\n  - { path: $.now, token: "{{time}}" }\n')
    const recorded = await runScenarios({ root: project.root, mode: 'record', stub: true })
    expect(recorded.outcomes[0]?.failures).toEqual([])
    expect(fixture('session.jsonl')).toContain('"output":"{\\"now\\":\\"{{time}}\\",\\"zone\\":\\"UTC\\"}"')
    expect(fixture('stdout.golden.jsonl')).toContain('{{time}}')

    for (const subprocess of [false, true]) {
      const replayed = await runScenarios({ root: project.root, subprocess })
      expect(replayed.outcomes[0]?.failures, `subprocess: ${subprocess}`).toEqual([])
      // Visible in the report: the rule and how many places of this run it changed (log and transcript).
      expect(replayed.outcomes[0]?.normalizedBy).toEqual([{ rule: 'path $.now → {{time}}', count: 2 }])
    }
  })

  it(
    'a scenario rule in snapshot.yml works alike, and a wrong ' + 'token still fails (a rule never hides drift)',
    async () => {
      writeFileSync(join(project.root, 'dsh.config.yml'), '')
      const manifest = join(project.root, 'scenarios', CLOCK, 'snapshot.yml')
      const base = readFileSync(manifest, 'utf8')
      writeFileSync(manifest, `${base}normalize:\n  - { pattern: '"now":"[^"]*"', token: '"now":"{{t}}"' }\n`)
      expect((await runScenarios({ root: project.root })).outcomes[0]?.ok).toBe(false)
      expect((await runScenarios({ root: project.root, mode: 'record', stub: true })).outcomes[0]?.ok).toBe(true)
      expect(fixture('session.jsonl')).toContain('{{t}}')
      expect((await runScenarios({ root: project.root })).outcomes[0]?.failures).toEqual([])
    },
  )
})
