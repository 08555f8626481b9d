// issue 40 item 2: a drift is classified before any advice. A tool whose answer differs on every run
// is nondeterministic (the second replay differs from the first): the digest names the span and a
// normalize: rule ready to paste, which then makes the scenario replay green. A tool whose answer
// changed for good is a regression or an intended change: both next steps, the fix first.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { digestFailures, formatDigest } from '../core/failure-digest.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { CLOCK, clockProject } from '../test-support/clock-project.ts'
import { runScenarios } from './run.ts'

const project = clockProject('drift-class')
afterAll(() => project.remove())
const digest = (outcome: ScenarioOutcome | undefined) =>
  digestFailures({ scenario: CLOCK, recording: 'stub', failures: outcome?.failures ?? [], roots: [project.root] })

describe('drift classified before advice', () => {
  it('two replays that differ: nondeterministic, with the span and a rule that makes it replay', async () => {
    expect((await runScenarios({ root: project.root, mode: 'record', stub: true })).outcomes[0]?.ok).toBe(true)
    const replayed = (await runScenarios({ root: project.root })).outcomes[0]
    expect(replayed?.ok).toBe(false) // a classification never turns a failure into a pass
    const found = digest(replayed)
    expect(found.classification).toMatchObject({
      verdict: 'nondeterministic',
      where: expect.stringMatching(/^session log 1 line \d+$/),
    })
    expect(found.cause).toMatch(/^scenario clock: nondeterministic: replay drift/)
    expect(found.next.command).toBe(
      'add the normalize: rule below to scenarios/clock/snapshot.yml (or dsh.config.yml), then ' +
        'npx dsh test clock --mode refresh',
    )
    const text = formatDigest(found)
    expect(text).toMatch(/two replays differ at session log 1 line \d+: "\d{4}-[^"]+" then "\d{4}-[^"]+"/)
    expect(text).toContain('normalize:\n  - { path: "$.now", token: "{{now}}" }   # path $.now → {{now}}')
    // Both fronts read the failure data: the blob and the JSON report keep the classification as is.
    expect(JSON.parse(JSON.stringify(replayed?.failures))).toEqual(replayed?.failures)

    // The proposal, pasted: refresh writes the tokens keylessly, and replay is green from then on.
    const manifest = join(project.root, 'scenarios', CLOCK, 'snapshot.yml')
    writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}${found.classification!.rule!.replace(/ {3}#.*/, '')}\n`)
    expect((await runScenarios({ root: project.root, mode: 'refresh' })).outcomes[0]?.failures).toEqual([])
    expect((await runScenarios({ root: project.root })).outcomes[0]?.failures).toEqual([])
  })

  it('two replays that agree: a regression or an intended change, the fix named before re-recording', async () => {
    const manifest = join(project.root, 'scenarios', CLOCK, 'snapshot.yml')
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/normalize:[\s\S]*/, ''))
    project.setTool('10:00')
    expect((await runScenarios({ root: project.root, mode: 'record', stub: true })).outcomes[0]?.ok).toBe(true)
    project.setTool('11:00')
    const replayed = (await runScenarios({ root: project.root })).outcomes[0]
    expect(replayed?.ok).toBe(false)
    const found = digest(replayed)
    expect(found.classification).toEqual({ verdict: 'regression-or-intended' })
    expect(found.cause).toMatch(/^scenario clock: regression-or-intended: replay drift/)
    expect(found.next).toEqual({
      command: 'fix the tool or the agent if this change is a regression',
      note: 'two replays agree, so the change is real; if it is intended: npx dsh test clock --mode record --stub',
    })
    expect(found.diff).toMatch(/10:00[\s\S]*11:00/)
  })
})
